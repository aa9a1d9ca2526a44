import { describe, expect, it } from 'vitest';
import { actionTitle, dataLines, targetPath, targetText } from './auditText.js';

describe('audit texts', () => {
  it('names actions for people, and reads an unknown one from its code', () => {
    expect(actionTitle('payout.approve')).toBe('Payout approved');
    expect(actionTitle('session.sign_in_failed')).toBe('Sign-in failed');
    expect(actionTitle('report.scheduled_run')).toBe('Report scheduled run');
  });

  it('links a target to its page, and names it with its id’s beginning', () => {
    const payout = { type: 'payout', id: '1b2c3d4e-0000-4000-8000-000000000001' };
    expect(targetPath(payout)).toBe('/payouts/1b2c3d4e-0000-4000-8000-000000000001');
    expect(targetText(payout)).toBe('Payout 1b2c3d4e…');
    expect(targetPath({ type: 'user', id: 'u1' })).toBe('/users');
    expect(targetPath({ type: 'session', id: 's1' })).toBeNull();
    expect(targetPath(null)).toBeNull();
  });

  it('renders changes as from → to, whatever shape they were recorded in', () => {
    expect(
      dataLines({
        email: 'ana@example.com',
        changes: { role: { from: 'finance', to: 'admin' }, disabled: { from: false, to: true } },
      }),
    ).toEqual(['email: ana@example.com', 'role: finance → admin', 'disabled: false → true']);
    expect(
      dataLines({ identity: [{ field: 'display_name', from: 'Ana', to: 'Ana Lima' }] }),
    ).toEqual(['display name: Ana → Ana Lima']);
    expect(dataLines({ status: { from: null, to: 'active' } })).toEqual(['status: — → active']);
    expect(dataLines({ ids: ['a', 'b'] })).toEqual(['ids: ["a","b"]']);
  });
});
