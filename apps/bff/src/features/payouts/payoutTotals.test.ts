import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { AppError } from '../../shared/AppError.js';
import { createPayoutTotals, planSpan, type Span } from './payoutTotals.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const FAR = 8.64e15;

const ms = (d: Date | undefined, open: number) => (d === undefined ? open : d.getTime());

describe('planSpan', () => {
  const when = fc
    .integer({ min: Date.parse('2029-12-25T00:00:00Z'), max: Date.parse('2030-01-10T00:00:00Z') })
    // Whole hours and days half the time: the edges where a piece could be empty or doubled.
    .chain((t) => fc.constantFrom(t, t - (t % HOUR), t - (t % DAY)))
    .map((t) => new Date(t));

  it('tiles the range exactly: day pieces whole days, hour pieces whole hours, nothing twice', () => {
    fc.assert(
      fc.property(
        fc.option(when, { nil: undefined }),
        fc.option(when, { nil: undefined }),
        (a, b) => {
          const [from, to] = a && b && a > b ? [b, a] : [a, b];
          const plan = planSpan({ from, to });
          const pieces: [Span, number][] = [
            ...plan.daily.map((s): [Span, number] => [s, DAY]),
            ...plan.hourly.map((s): [Span, number] => [s, HOUR]),
            ...plan.direct.map((s): [Span, number] => [s, 1]),
          ];
          for (const [span, unit] of pieces) {
            if (unit > 1) {
              if (span.from) expect(span.from.getTime() % unit).toBe(0);
              if (span.to) expect(span.to.getTime() % unit).toBe(0);
            } else {
              // Less than an hour at either end of the range.
              expect(ms(span.to, FAR) - ms(span.from, -FAR)).toBeLessThanOrEqual(HOUR);
            }
          }
          const ordered = pieces
            .map(([s]) => [ms(s.from, -FAR), ms(s.to, FAR)] as const)
            .filter(([f, t]) => f < t)
            .sort((x, y) => x[0] - y[0]);
          if (ms(from, -FAR) >= ms(to, FAR)) {
            expect(ordered).toEqual([]);
            return;
          }
          expect(ordered[0]![0]).toBe(ms(from, -FAR));
          expect(ordered.at(-1)![1]).toBe(ms(to, FAR));
          for (let i = 1; i < ordered.length; i += 1) {
            expect(ordered[i]![0]).toBe(ordered[i - 1]![1]);
          }
        },
      ),
    );
  });

  it('reads a range without a full hour from the payouts only', () => {
    const from = new Date('2030-01-01T10:05:00Z');
    const to = new Date('2030-01-01T10:55:00Z');
    expect(planSpan({ from, to })).toEqual({ direct: [{ from, to }], hourly: [], daily: [] });
  });
});

describe('createPayoutTotals', () => {
  it('asks to narrow the filters when the sum is cancelled at its time limit', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const db = {
      transaction: () => Promise.reject(new Error('Failed query', { cause: cancelled })),
    } as unknown as Database;
    const totals = createPayoutTotals({ db, timeoutMs: 10 });
    const error = await totals.totals({ amountMin: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('query_too_broad');
    expect((error as AppError).status).toBe(422);
  });

  it('lets any other failure through', async () => {
    const db = {
      transaction: () => Promise.reject(new Error('connection lost')),
    } as unknown as Database;
    await expect(createPayoutTotals({ db }).totals({})).rejects.toThrow('connection lost');
  });
});
