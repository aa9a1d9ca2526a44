export function NewBeneficiaryPage() {
  return null;
}
