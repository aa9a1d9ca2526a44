import { digestOf, orderIdOf } from './generateLedger.js';

export interface LedgerQuery {
  name: string;
  /** Query string of `GET /api/payouts` (without `?`); `{cursor}` is the 10,000-deep cursor. */
  query: string;
  what: string;
}

export const DEEP_ROWS = 10_000;

/** A payee paid again and again: 4 payouts in the million, about 40 in ten million. */
const FULL_EMAIL = 'nora.okafor12@mail.example';

/** Every filter `GET /api/payouts` has (payoutsRouter.ts `listQuery`), one at a time. */
export function ledgerQueries(rows: number): LedgerQuery[] {
  const searchedN = Math.max(1, Math.floor(rows * 0.654321));
  const searched = orderIdOf(searchedN);
  // The end of that order id as a customer reads it out, and the last 4 of its number alone.
  const searchedEnd = `-${searchedN}`;
  const searchedLast4 = String(searchedN % 10_000).padStart(4, '0');
  // `psp-` and four hex digits: the beginning of a PSP's transaction id.
  const pspPrefix = `psp-${digestOf(searchedN).slice(16, 20)}`;
  // `ORD-` and four of the digest's hex digits, as a user types the start of an id.
  const searchedPrefix = searched.slice(0, 8).toLowerCase();
  return [
    { name: 'first_page', query: '', what: 'first page, newest first (25 rows)' },
    {
      name: 'deep_10000',
      query: 'cursor={cursor}',
      what: `page ${DEEP_ROWS} rows deep, by cursor`,
    },
    { name: 'status', query: 'status=declined', what: 'one status (8%)' },
    { name: 'status_two', query: 'status=pending,in_process', what: 'two statuses (11%)' },
    { name: 'provider', query: 'provider=atlas_remit', what: 'one PSP (4%)' },
    { name: 'method', query: 'payout_method_type=crypto', what: 'payout type crypto (5%)' },
    { name: 'currency', query: 'currency=JPY', what: 'currency JPY (3%)' },
    { name: 'country', query: 'country=US', what: 'country US (30%)' },
    {
      name: 'created_range',
      query: 'created_from=2026-03-01&created_to=2026-03-31',
      what: 'created in March 2026',
    },
    { name: 'amount_min', query: 'amount_min=10000', what: 'amount >= 10000' },
    { name: 'amount_max', query: 'amount_max=20', what: 'amount <= 20' },
    { name: 'is_test', query: 'is_test=1', what: 'lab test payouts only (1%)' },
    { name: 'include_test', query: 'include_test=1', what: 'test payouts included' },
    {
      name: 'needs_my_approval',
      query: 'needs_my_approval=1',
      what: 'awaiting approval by someone else (5%)',
    },
    { name: 'needs_attention', query: 'needs_attention=1', what: 'not final and overdue' },
    { name: 'sort_amount', query: 'sort=amount&order=desc', what: 'largest amount first' },
    { name: 'oldest_first', query: 'order=asc', what: 'oldest first' },
    // Search matches the beginning or end of an order id, the beginning of an e-mail, name,
    // surname or PSP id, a whole orchestrator id, and last 4 digits (decision 037): what a user
    // pastes or starts typing, and terms that match many rows.
    {
      name: 'search_order_id',
      query: `q=${encodeURIComponent(searched)}`,
      what: `search by a whole order id (${searched})`,
    },
    {
      name: 'search_order_prefix',
      query: `q=${encodeURIComponent(searchedPrefix)}`,
      what: `search by an order id's beginning (${searchedPrefix}, 1 in 65,536)`,
    },
    {
      name: 'search_order_end',
      query: `q=${encodeURIComponent(searchedEnd)}`,
      what: `search by an order id's end (${searchedEnd})`,
    },
    {
      name: 'search_last4',
      query: `q=${encodeURIComponent(`**** ${searchedLast4}`)}`,
      what: `search by a card's or account's last 4 (**** ${searchedLast4}, 1 in 10,000; and order ids ending ${searchedLast4}, as many)`,
    },
    {
      name: 'search_psp_id',
      query: `q=${encodeURIComponent(pspPrefix)}`,
      what: `search by a PSP transaction id's beginning (${pspPrefix}, 1 in 65,536 of the sent)`,
    },
    {
      name: 'search_email_full',
      query: `q=${encodeURIComponent(FULL_EMAIL)}`,
      what: `search by a whole e-mail (${FULL_EMAIL}, 1 in about 250,000)`,
    },
    {
      name: 'search_email',
      query: 'q=nora.okafor',
      what: "search by an e-mail's beginning (nora.okafor, 1 in 1,024)",
    },
    {
      name: 'search_name',
      query: `q=${encodeURIComponent('Nora Okafor')}`,
      what: 'search by a whole name (Nora Okafor, 1 in 1,024)',
    },
    {
      name: 'search_surname',
      query: 'q=okafo',
      what: "search by a surname's beginning (okafo: Okafor, 1 in 32 names)",
    },
    {
      name: 'search_common',
      query: 'q=nora',
      what: 'search by a common beginning (nora: 1 in 32 names and e-mails)',
    },
  ];
}
