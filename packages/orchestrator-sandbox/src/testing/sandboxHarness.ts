import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox } from '../createSandbox.js';
import type { Sandbox, SandboxOptions } from '../types.js';

export interface ApiReply {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed with JSON.parse (fine for tests that do not look at long amounts). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test convenience: replies are asserted field by field
}

export interface Harness {
  sandbox: Sandbox;
  token: string;
  /** Calls the sandbox with the bearer token (unless `auth: false`). */
  call(
    method: string,
    path: string,
    body?: unknown,
    options?: { auth?: boolean; headers?: Record<string, string>; raw?: string },
  ): Promise<ApiReply>;
  /** `/v2/<api key>/payouts<suffix>` (or another version). */
  payouts(suffix?: string, version?: string): string;
  /** `/mpi/v2/<api key><suffix>`. */
  mpi(suffix: string): string;
  close(): Promise<void>;
}

export async function toReply(response: Response): Promise<ApiReply> {
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export async function login(sandbox: Sandbox): Promise<string> {
  const response = await fetch(`${sandbox.url}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_name: sandbox.credentials.userName,
      password: sandbox.credentials.password,
    }),
  });
  const body = (await response.json()) as { result: { access_token: { token: string } } };
  return body.result.access_token.token;
}

/** A sandbox on a free port, silent, quick to settle, with a logged-in token. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await createSandbox({ logger: false, settleAfterMs: 30, ...options });
  const token = await login(sandbox);
  const key = sandbox.credentials.apiKey;
  return {
    sandbox,
    token,
    async call(method, path, body, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.auth !== false) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined = opts.raw;
      if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
      if (payload !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${sandbox.url}${path}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
      });
      return toReply(response);
    },
    payouts: (suffix = '', version = 'v2') => `/${version}/${key}/payouts${suffix}`,
    mpi: (suffix) => `/mpi/v2/${key}${suffix}`,
    close: () => sandbox.close(),
  };
}

export interface ReceivedNotification {
  body: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- asserted field by field
}

export interface Receiver {
  url: string;
  received: ReceivedNotification[];
  /** Status codes to answer, in order; then 200. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

/** A tiny webhook receiver on a free port. */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedNotification[] = [];
  let planned: number[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = planned.shift() ?? 200;
      if (status >= 200 && status < 300) {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ body, json: JSON.parse(body) });
      }
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith(...statuses) {
      planned = statuses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A valid bank payout for Harbor Payments, US/USD. */
export function bankPayout(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: `order-${Math.random().toString(36).slice(2, 12)}`,
    provider: 'harbor_payments',
    country: 'US',
    currency: 'USD',
    state: 'NY',
    amount: 125.5,
    payout_method_type: 'bank_account',
    metadata: {
      bankCode: 'CHASUS33',
      bankName: 'Chase',
      bankBranch: 'Manhattan',
      bankAddress: '270 Park Ave, New York',
      bankZipcode: '10017',
      bankRoutingNumber: '021000021',
      bankAccountNumber: '000123456789',
      bankAccountName: 'Ada Lovelace',
      phone: '+12125551234',
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
    },
    ...overrides,
  };
}

/** A valid card payout for Lumen Cards, US/USD. */
export function cardPayout(
  now: Date,
  overrides: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    order_id: `order-${Math.random().toString(36).slice(2, 12)}`,
    provider: 'lumen_cards',
    country: 'US',
    currency: 'USD',
    state: 'CA',
    amount: 40,
    payout_method_type: 'credit_card',
    metadata: {
      creditCardToken: '',
      creditCardNumber: '4111111111111111',
      cardHolderName: 'ADA LOVELACE',
      expiryMonth: 12,
      expiryYear: now.getUTCFullYear() + 2,
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
      ...metadata,
    },
    ...overrides,
  };
}

/** A valid crypto payout for CoinBridge, DE/ETH, as raw JSON text (amount digits exact). */
export function ethPayoutJson(orderId: string, amount: string): string {
  return `{"order_id":${JSON.stringify(orderId)},"provider":"coinbridge","country":"DE","currency":"ETH","state":null,"amount":${amount},"payout_method_type":"crypto","metadata":{"walletAddress":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","customerFirstName":"Ada","customerLastName":"Lovelace","email":"ada@example.com"}}`;
}

/** A valid routed card deposit body (DE/EUR). */
export function depositBody(
  now: Date,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    cashier_key: 'sandbox-cashier',
    order_id: `dep-${Math.random().toString(36).slice(2, 12)}`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    currency: 'EUR',
    country: 'DE',
    state: null,
    address1: 'Unter den Linden 1',
    city: 'Berlin',
    zip_code: '10117',
    amount: 49.99,
    phone: '+4930901820',
    card_holder_name: 'ADA LOVELACE',
    credit_card_number: '4111111111111111',
    expire_month: 12,
    expire_year: now.getUTCFullYear() + 3,
    cvv2: '123',
    ddc: { northwind_pay: 'sbx1.test-device' },
    ...overrides,
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
