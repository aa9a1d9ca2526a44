export function BeneficiaryDetailPage() {
  return null;
}
