/**
 * Magic payout amounts. The magic is in the amount's last two digits once trailing fractional
 * zeros are dropped and the decimal point is removed, so it works for every scale:
 * `10.13` USD, `1013` JPY, `0.00010013` BTC and `10.130` all end in `13`; `1300` ends in `00`.
 */
export const SANDBOX_MAGIC_AMOUNTS = {
  authorizeThenApprove: {
    suffix: '12',
    example: '10.12',
    behaviour: 'pending -> authorized after settleAfterMs -> approved after another settleAfterMs',
  },
  decline: {
    suffix: '13',
    example: '10.13',
    behaviour: 'pending -> declined after settleAfterMs',
    decline_code: 'account_closed',
    decline_reason: 'The beneficiary account is closed',
  },
  holdPending: {
    suffix: '14',
    example: '10.14',
    behaviour: 'stays pending until settle() (or POST /_sandbox/settle), then approved',
  },
  hangAfterCommit: {
    suffix: '15',
    example: '10.15',
    behaviour: 'the payout is created, the reply never comes (until close): unknown outcome',
  },
  error500BeforeCommit: {
    suffix: '16',
    example: '10.16',
    behaviour: 'answers 500 and creates nothing',
  },
  error500AfterCommit: {
    suffix: '17',
    example: '10.17',
    behaviour: 'the payout is created, then the reply is a 500: unknown outcome',
  },
  businessRefusal: {
    suffix: '18',
    example: '10.18',
    behaviour: '400 with result null: business-rule refusal, nothing created',
    message: 'Amount exceeds the per-payout limit configured for this PSP',
  },
  approveAtCreate: {
    suffix: '19',
    example: '10.19',
    behaviour: 'approved at once: the create reply already says "Approved"',
  },
} as const;

export type MagicAmountName = keyof typeof SANDBOX_MAGIC_AMOUNTS;

/** The two digits that carry the magic (see `SANDBOX_MAGIC_AMOUNTS`). */
export function magicSuffix(decimal: string): string {
  const [whole = '', fraction = ''] = decimal.replace(/^-/, '').split('.');
  const digits = whole + fraction.replace(/0+$/, '');
  return digits.slice(-2).padStart(2, '0');
}

/** Which magic behaviour an amount (plain decimal string) asks for, if any. */
export function magicAmountOf(decimal: string): MagicAmountName | undefined {
  const suffix = magicSuffix(decimal);
  for (const [name, magic] of Object.entries(SANDBOX_MAGIC_AMOUNTS)) {
    if (magic.suffix === suffix) return name as MagicAmountName;
  }
  return undefined;
}
