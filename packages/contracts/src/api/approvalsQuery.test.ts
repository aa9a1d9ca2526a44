import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ApprovalDecisionsBody } from './approvals.js';
import { approvalDecisionsBody, approvalInboxQuery } from './approvalsQuery.js';

const A = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const B = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

const pointers = (value: unknown) =>
  approvalDecisionsBody.safeParse(value).error?.issues.map((i) => `/${i.path.join('/')}`) ?? [];

describe('the approvals inbox contract', () => {
  it('parses into the body type the SPA sends (checked by tsc)', () => {
    expectTypeOf<z.output<typeof approvalDecisionsBody>>().toEqualTypeOf<ApprovalDecisionsBody>();
  });

  it('pages 100 by default, at most 100', () => {
    expect(approvalInboxQuery.parse({})).toEqual({ limit: 100 });
    expect(approvalInboxQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(approvalInboxQuery.safeParse({ status: 'x' }).success).toBe(false);
  });

  it('takes distinct payout ids and one trimmed reason to reject', () => {
    expect(
      approvalDecisionsBody.parse({ decision: 'reject', payout_ids: [A, B], reason: ' Dup ' }),
    ).toEqual({ decision: 'reject', payout_ids: [A, B], reason: 'Dup' });
    expect(approvalDecisionsBody.parse({ decision: 'approve', payout_ids: [A] })).toEqual({
      decision: 'approve',
      payout_ids: [A],
    });
  });

  it('refuses what a bulk decision must not be, on the field at fault', () => {
    expect(pointers({ decision: 'approve', payout_ids: [] })).toEqual(['/payout_ids']);
    expect(pointers({ decision: 'approve', payout_ids: [A, A.toUpperCase()] })).toEqual([
      '/payout_ids',
    ]);
    expect(
      pointers({ decision: 'approve', payout_ids: Array.from({ length: 101 }, () => A) }),
    ).toContain('/payout_ids');
    expect(pointers({ decision: 'approve', payout_ids: [A, 'pay_1'] })).toEqual(['/payout_ids/1']);
    expect(pointers({ decision: 'reject', payout_ids: [A] })).toEqual(['/reason']);
    expect(pointers({ decision: 'reject', payout_ids: [A], reason: ' ' })).toEqual(['/reason']);
    expect(pointers({ decision: 'reject', payout_ids: [A], reason: 'x'.repeat(501) })).toEqual([
      '/reason',
    ]);
    expect(pointers({ decision: 'approve', payout_ids: [A], reason: 'why' })).toEqual(['/reason']);
    expect(pointers({ decision: 'cancel', payout_ids: [A] })).toEqual(['/decision']);
    expect(pointers({ decision: 'approve', payout_ids: [A], extra: 1 })).toEqual(['/']);
  });
});
