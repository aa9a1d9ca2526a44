import type * as DepositChecksModule from './validateDepositForm.js';

export type DepositChecks = typeof DepositChecksModule;

let loaded: DepositChecks | undefined;
let loading: Promise<DepositChecks> | undefined;

/** Starts loading the form's checks (once per page life; again after a failure). */
export function loadDepositChecks(): Promise<DepositChecks> {
  loading ??= import('./validateDepositForm.js').then(
    (checks) => (loaded = checks),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The checks if they are loaded already. */
export function loadedDepositChecks(): DepositChecks | undefined {
  return loaded;
}
