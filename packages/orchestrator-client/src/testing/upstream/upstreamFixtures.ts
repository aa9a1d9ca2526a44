/**
 * The orchestrator's documented replies, as bodies a scripted server replays to the real client
 * (docs/orchestrator/upstream-facts.md has each fact with its source). Each fixture names its
 * source tag; the documentation's JSON is copied as written and fixed only where it is broken
 * (`fixed` says how). The variants after them are the conformance review's: what the
 * documentation neither confirms nor rules out.
 */
export interface UpstreamFixture {
  /** The source tag of docs/orchestrator/upstream-facts.md, or `variant` for a plausible body. */
  source: string;
  status: number;
  contentType?: string;
  /** The body as sent, verbatim. */
  body: string;
  /** How the documented JSON was repaired, when it was broken. */
  fixed?: string;
}

const OK = '{ "status": "OK", "code": 200, "message": "OK" }';
const ok = (result: string): string => `{ "response": ${OK}, "result": ${result} }`;

/** The documented payout record ([D-PAYOUT-LIST]), `psp_response_json` cut where the page is. */
export const DOC_PAYOUT_RECORD = `{
  "id": "aeea2a03", "transaction_id": "79f9419a", "psp_name": "PspName",
  "psp_order_id": "24048865", "merchant_order_id": "676", "order_description": "null",
  "first_name": "John", "last_name": "Smith", "address": null, "city": null, "zip_code": null,
  "country": "US", "email": "john.smith@example.com", "amount": 4.00, "currency": "USD",
  "ip_address": null, "state": "CA", "payout_method_type": "BankAccount",
  "decline_reason": null, "decline_code": null, "status": "Approved",
  "processing_date": "2020-07-30T14:03:48.78159Z", "processing_date_timestamp": 1596117828,
  "psp_response_json": { "deposit": null, "confirm_deposit": null, "pre_auth": null,
    "capture": null, "purchase": null, "confirm_purchase": null }
}`;

/** A documented record with some fields replaced (the review's variants of the record). */
export function recordWith(fields: Record<string, unknown>): string {
  const record = JSON.parse(DOC_PAYOUT_RECORD) as Record<string, unknown>;
  return JSON.stringify({ ...record, ...fields });
}

export const UPSTREAM = {
  loginOk: {
    source: 'D-HELP-SS, C-RUST',
    status: 200,
    body: ok(
      '{ "access_token": { "token": "eyJhbGciOiJIUzI1NiJ9.e30.sig", "expires_in": 7200 }, "refresh_token": "r-1" }',
    ),
  },
  loginRefused: {
    source: 'D-FAQ',
    status: 403,
    body: '{ "response": { "status": "Forbidden", "code": 403, "message": "login_failue" } }',
    fixed: 'the documentation elides what follows `response`',
  },
  metadata: {
    source: 'D-METADATA',
    status: 200,
    body: ok(`{ "providers": [
      { "name": "psp_name1", "title": "PspName1", "payout_method_type": "bank_account",
        "fields": [ { "name": "bankCode", "title": "Bank code" } ] },
      { "name": "psp_name2", "title": "PspName2", "payout_method_type": "credit_card",
        "fields": [] } ] }`),
    fixed: 'the second provider is shown cut off; it keeps only its type',
  },
  createOk: {
    source: 'D-CREATE-PAYOUT',
    status: 200,
    body: ok(`{ "payout_method": "bank_account", "html": null, "is_decoded": false,
      "email_instructions_enabled": null, "open_in_new_window": false, "id": "3c107b2c",
      "transaction_id": "9d4d9cdb", "amount": 2723.00, "processing_date": "2020-08-04 10:31:20",
      "failure_code": null, "status": "Pending", "currency": "EUR",
      "payment_method": "bank_account" }`),
    fixed: 'missing commas added and a trailing comma removed',
  },
  createValidation: {
    source: 'D-CREATE-PAYOUT',
    status: 400,
    body: `{ "response": { "status": "BadRequest", "code": 400, "message": "400" }, "result": [
      { "type": "validaton_error", "field": "metadata.bankAccountName", "message": "Value can not be empty" },
      { "type": "validation_error", "field": "metadata.email", "message": "Email is invalid" } ] }`,
  },
  /** `<API_KEY>` is replaced by the key the client sent. */
  invalidApiKey: {
    source: 'D-CREATE-PAYOUT, D-REFUND-PARTIAL',
    status: 401,
    body: `{ "response": { "code": 401, "message": "merchant api key '<API_KEY>' is invalid" } }`,
  },
  businessRefusal: {
    source: 'D-REFUND-PARTIAL',
    status: 400,
    body: `{"response":{"status":"BadRequest","code":400,"message":"Amount '10' is higher than the available amount for refund '3.0'"},"result":null}`,
  },
  list: {
    source: 'D-PAYOUT-LIST',
    status: 200,
    body: ok(`{ "next_page_cursor": null, "records": [ ${DOC_PAYOUT_RECORD} ] }`),
  },
  checkStatus: {
    source: 'D-PAYOUT-CHECK',
    status: 200,
    body: ok(
      recordWith({
        id: 'ca8bb1d8',
        merchant_order_id: 'e17331a4',
        amount: 50.0,
        currency: 'EUR',
        status: 'Approved',
        processing_date: '2020-08-04T11:19:30.809Z',
        processing_date_timestamp: 1596539970,
      }),
    ),
    fixed: 'the page gives these values of the record; the rest are the list example’s',
  },
  mpiGetDeposit: {
    source: 'D-MPI-GET',
    status: 200,
    body: `{ "response": { "status": "success", "type": null, "code": 200, "message": "OK" },
      "result": { "psp_name": "PspName", "country": "BE", "email": "john.smith@example.com",
        "transaction_id": "8ac7a4c9b", "psp_order_id": "9a2b3546", "merchant_order_id": "g173aa11",
        "amount": "15.1", "currency": "EUR", "decline_reason": null, "decline_code": null,
        "card_type": "VISA", "last_four_digits": "1881", "processing_date": "2020-09-14T12:47:26.238Z",
        "payment_method": "credit_card", "status": "in_process", "cashier_session_id": "a5731a2e",
        "id": "aeea2a03" } }`,
    fixed: 'the ids elided with "..." are written out',
  },
  mpiInvalidApiKey: {
    source: 'D-MPI-GET',
    status: 403,
    body: `{ "response": { "status": "error", "type": "invalid_api_key", "code": 403, "message": "invalid api key used" }, "result": null }`,
  },
  notificationDeposit: {
    source: 'D-NOTIF, C-RUST-WH',
    status: 200,
    body: `{ "webhook": { "type": "approved" },
      "data": { "order_id": "640790367", "psp_name": "psp_name",
        "charge": { "type": "approved", "id": "8ac7ad8f", "uuid": "u-1", "psp_order_id": "b4a0aa58",
          "order_id": "640790367", "is_refundable": true, "refund_id": "rf-1",
          "operation_type": "deposit", "deposit_source": "api", "is_recurring": false,
          "mid_type": "default", "cft_id": null,
          "attributes": { "is3_d": true, "live_mode": true, "amount": 22.96, "status": "approved",
            "card_number": "1881", "currency": "EUR", "payment_method": "credit_card",
            "description": "BGPj173aa01", "decline_code": null, "decline_reason": null,
            "reference_id": null, "pos_terminal_id": null, "cash_register_id": null,
            "created_at": 1581071423, "updated_at": 0,
            "source": { "email": "john.smith@example.com", "ip_address": "127.0.0.1", "name": "John Smith" },
            "card_masked_number": "401288******1881", "card_expiration": "122", "card_brand": "VISA",
            "card_holder_name": "John Smith",
            "customer": { "first_name": "John", "last_name": "Smith", "address": "Bethnal Green Road, 12",
              "city": "London", "country": "GB", "zip_code": "E1 6GJ", "phone": "+447700900000", "extra_data": {} },
            "credit_card_token": null, "mid_alias": null, "is_declined_due_to_funds": false,
            "is_hard_decline": false, "wire_transfer_details": null,
            "verifications": { "cavv": null, "cavv_message": null,
              "avs": { "result": null, "zip_match": null, "address_match": null, "name_match": null, "message": null } },
            "crypto_currency": null } } },
      "meta": { "server_time": 0, "server_timezone": "UTC", "api_version": "v2", "payload": "p-1",
        "cashier_session_id": "cs-1", "platform_id": "CU1234", "tracking_id": null, "affiliate_id": null } }`,
    fixed: 'values the documentation leaves as "?" or elides are filled with plain ones',
  },
} satisfies Record<string, UpstreamFixture>;
