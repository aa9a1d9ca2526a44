import {
  type PayoutProvider,
  type ProviderMatrix,
  type ProviderMatrixCorridor,
} from '@payouts/contracts';

/** A corridor's enabled cells as the metadata endpoint's providers, for `buildPayoutForm`. */
export function matrixProviders(
  matrix: ProviderMatrix,
  corridor: ProviderMatrixCorridor,
): PayoutProvider[] {
  const titles = new Map(matrix.psps.map((psp) => [psp.name, psp.title]));
  return corridor.cells
    .filter((cell) => cell.status === 'enabled')
    .map((cell) => ({
      name: cell.psp,
      title: titles.get(cell.psp) ?? cell.psp,
      payout_method_type: cell.payout_method_type,
      fields: cell.fields,
    }));
}
