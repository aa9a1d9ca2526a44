import { describe, expect, it } from 'vitest';
import {
  canonicalAmount,
  duplicateWarnings,
  sameWarnings,
  type DuplicateCandidate,
} from './batchDuplicates.js';

const row = (n: number, fp: string | null, amount: string | null, excluded = false) =>
  ({ row: n, accountFingerprint: fp, amount, excluded }) satisfies DuplicateCandidate;

describe('duplicate flags of a batch', () => {
  it('flags a row repeating an earlier row’s account and amount, whatever the amount’s form', () => {
    const flags = duplicateWarnings(
      [row(1, 'a', '250.00'), row(2, 'a', '250'), row(3, 'a', '251'), row(4, 'b', '250')],
      [],
    );
    expect([...flags.keys()]).toEqual([2]);
    expect(flags.get(2)).toEqual([
      {
        column: null,
        message: 'Possible duplicate: row 1 pays the same amount to the same account.',
      },
    ]);
  });

  it('flags a row repeating a recent payout, naming the latest', () => {
    const flags = duplicateWarnings(
      [row(1, 'a', '10.50'), row(2, 'b', '10.50')],
      [
        {
          accountFingerprint: 'a',
          amount: '10.5',
          orderId: 'OLD',
          createdAt: new Date('2030-01-01'),
        },
        {
          accountFingerprint: 'a',
          amount: '10.50',
          orderId: 'NEW',
          createdAt: new Date('2030-01-03'),
        },
        {
          accountFingerprint: 'b',
          amount: '9.99',
          orderId: 'X',
          createdAt: new Date('2030-01-03'),
        },
      ],
    );
    expect([...flags.keys()]).toEqual([1]);
    expect(flags.get(1)![0]!.message).toBe(
      'Possible duplicate: payout NEW paid the same amount to the same account on 2030-01-03.',
    );
  });

  it('leaves out excluded rows, rows without an account and rows without an amount', () => {
    const flags = duplicateWarnings(
      [
        row(1, 'a', '5', true),
        row(2, 'a', '5'),
        row(3, null, '5'),
        row(4, null, '5'),
        row(5, 'a', 'five'),
        row(6, 'a', 'five'),
      ],
      [],
    );
    expect(flags.size).toBe(0);
  });

  it('reads amounts as the decimal they are, and nothing else as an amount', () => {
    expect(['250', '250.00', '0250.0', ' 250.000 '].map(canonicalAmount)).toEqual([
      '250',
      '250',
      '250',
      '250',
    ]);
    expect(['0.50', '00.5', '10.05'].map(canonicalAmount)).toEqual(['0.5', '0.5', '10.05']);
    expect(['', 'five', '1e3', '-1', '1.', '.5', null].map(canonicalAmount)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('compares flag lists by content', () => {
    const w = { column: null, message: 'm' };
    expect(sameWarnings([w], [{ ...w }])).toBe(true);
    expect(sameWarnings([w], [])).toBe(false);
  });
});
