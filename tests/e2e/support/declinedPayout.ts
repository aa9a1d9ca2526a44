import type { E2eApp } from './app.js';
import {
  createPayoutViaApi,
  getPayoutViaApi,
  northwindBankPayout,
  type PayoutReply,
} from './payoutsApi.js';
import { pollUntil } from './pollUntil.js';
import { sandboxOf } from './sandboxOf.js';
import { apiClientAs } from './signIn.js';

/**
 * A payout finance made through the API and the sandbox declined (amounts ending in 13 are
 * declined `account_closed` once settled), for journeys that need one on their screens.
 */
export async function seedDeclinedPayout(app: E2eApp, orderId: string): Promise<PayoutReply> {
  const finance = await apiClientAs(app.url, 'finance@example.com');
  try {
    const reply = await createPayoutViaApi(finance, app.url, northwindBankPayout(orderId, '42.13'));
    if (reply.status !== 201) throw new Error(`seeding answered ${reply.status}`);
    const created = reply.body as PayoutReply;
    await sandboxOf(app).settle(created.orchestrator_id!);
    return await pollUntil(
      `${orderId} is declined`,
      () => getPayoutViaApi(finance, created.id),
      (payout) => payout.status === 'declined',
    );
  } finally {
    await finance.dispose();
  }
}
