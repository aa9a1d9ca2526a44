import type { CardDepositRequest, PayoutRequest } from '@payouts/contracts';
import { createSandbox, type Sandbox, type SandboxOptions } from '@payouts/orchestrator-sandbox';
import { createOrchestratorClient } from '../createOrchestratorClient.js';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import type {
  OrchestratorCallInfo,
  OrchestratorClient,
  OrchestratorClientOptions,
} from '../OrchestratorClient.js';

export interface SandboxFixture {
  sandbox: Sandbox;
  /** A client on the sandbox, recording its calls in `calls`. */
  client: OrchestratorClient;
  calls: OrchestratorCallInfo[];
  /** Every OrchestratorError seen through `fail`, for the secrets check. */
  errors: OrchestratorError[];
  /** Another client on the same sandbox (closed by `close`). */
  makeClient(
    options?: Partial<OrchestratorClientOptions>,
    calls?: OrchestratorCallInfo[],
  ): OrchestratorClient;
  /** Awaits a call that must fail with an OrchestratorError and returns (and records) it. */
  fail(call: Promise<unknown>): Promise<OrchestratorError>;
  close(): Promise<void>;
}

export async function startSandboxFixture(
  sandboxOptions: SandboxOptions = {},
  clientOptions: Partial<OrchestratorClientOptions> = {},
): Promise<SandboxFixture> {
  const sandbox = await createSandbox({ logger: false, settleAfterMs: 60_000, ...sandboxOptions });
  const clients: OrchestratorClient[] = [];
  const errors: OrchestratorError[] = [];
  const calls: OrchestratorCallInfo[] = [];
  const makeClient = (
    options: Partial<OrchestratorClientOptions> = {},
    sink: OrchestratorCallInfo[] = [],
  ): OrchestratorClient => {
    const client = createOrchestratorClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.credentials.apiKey,
      userName: sandbox.credentials.userName,
      password: sandbox.credentials.password,
      timeoutMs: 5_000,
      onCall: (info) => sink.push(info),
      ...options,
    });
    clients.push(client);
    return client;
  };
  return {
    sandbox,
    client: makeClient(clientOptions, calls),
    calls,
    errors,
    makeClient,
    async fail(call) {
      try {
        await call;
      } catch (error) {
        if (error instanceof OrchestratorError) {
          errors.push(error);
          return error;
        }
        throw error;
      }
      throw new Error('expected the call to fail with an OrchestratorError');
    },
    async close() {
      // The sandbox first: it destroys hung sockets that would keep a pool from closing.
      await sandbox.close();
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}

let sequence = 0;
/** Unique per test run, readable in failures. */
export function orderId(label: string): string {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${sequence}`;
}

/** A valid bank payout through northwind_pay in DE/EUR. */
export function bankPayout(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    order_id: orderId('bank'),
    provider: 'northwind_pay',
    country: 'DE',
    currency: 'EUR',
    state: null,
    amount: '125.40',
    payout_method_type: 'bank_account',
    metadata: {
      bankName: 'Sparkasse',
      bankCode: 'SSKMDEMMXXX',
      bankAccountNumber: 'DE89370400440532013000',
      bankAccountName: 'Ada Lovelace',
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
    },
    ...overrides,
  };
}

/** A valid card payout through lumen_cards in US/USD (its issues say `validaton_error`). */
export function cardPayout(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    order_id: orderId('card'),
    provider: 'lumen_cards',
    country: 'US',
    currency: 'USD',
    state: 'NY',
    amount: '42.10',
    payout_method_type: 'credit_card',
    metadata: {
      creditCardToken: '',
      creditCardNumber: '4111111111111111',
      cardHolderName: 'ADA LOVELACE',
      expiryMonth: 12,
      // Valid for the real clock and the 2030 clock some contract tests give the sandbox.
      expiryYear: 2036,
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
    },
    ...overrides,
  };
}

/** EIP-55 test vector: a checksummed Ethereum address. */
export const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A valid crypto payout through coinbridge in DE/ETH (scale 18). */
export function ethPayout(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    order_id: orderId('eth'),
    provider: 'coinbridge',
    country: 'DE',
    currency: 'ETH',
    state: null,
    amount: '0.123456789012345678',
    payout_method_type: 'crypto',
    metadata: {
      walletAddress: ETH_ADDRESS,
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
    },
    ...overrides,
  };
}

/** A routed card deposit in DE/EUR (northwind_pay takes visa there and wants device data). */
export function cardDeposit(
  cashierKey: string,
  overrides: Partial<CardDepositRequest> = {},
): CardDepositRequest {
  return {
    cashier_key: cashierKey,
    order_id: orderId('dep'),
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    currency: 'EUR',
    country: 'DE',
    state: null,
    address1: '1 Main St',
    city: 'Berlin',
    zip_code: '10115',
    amount: '19.99',
    phone: '+4930123456',
    card_holder_name: 'ADA LOVELACE',
    credit_card_number: '4111111111111111',
    expire_month: 12,
    expire_year: 2036,
    cvv2: '9173',
    ddc: { northwind_pay: 'device-data-from-iframe' },
    ...overrides,
  };
}
