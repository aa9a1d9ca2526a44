import type {
  CardDepositRequest,
  Corridor,
  DepositResult,
  PayoutMethodType,
  PayoutRequest,
} from '../types.js';
import type { PayoutDto } from './payouts.js';
import type { ProblemBody } from './problems.js';

/** What went to the orchestrator and what came back, as the lab shows it (scrubbed by the client). */
export interface LabExchange {
  request: {
    method: string;
    /** With an `{api_key}` placeholder, never the key. */
    path: string;
    /** Exactly as sent, card number masked 6 + 4, no credentials. */
    body: unknown;
  };
  response: { http_status: number | null; body: unknown } | null;
  /** Whole milliseconds: finer is noise for someone reading the lab. */
  duration_ms: number;
}

/** `GET /api/lab/test-data` query. */
export interface LabTestDataQuery extends Corridor {
  payout_method_type: PayoutMethodType;
  provider: string;
}

/** `GET /api/lab/test-data`: a valid payout for that PSP's fields, with a fresh `LAB-…` order id. */
export interface LabTestDataReply {
  payout: PayoutRequest;
}

/** `POST /api/lab/payouts`: a test payout and the exchange behind it. */
export interface LabPayoutReply {
  /** The ledger row, stored with `is_test`; the failed row when refused. */
  payout: PayoutDto;
  /** Null when the orchestrator was not called (an idempotent replay). */
  exchange: LabExchange | null;
  /** Set when the orchestrator (or the BFF) refused the test payout. */
  problem?: ProblemBody;
}

/** A PSP the card-deposit console may target. */
export interface DepositPspOption {
  name: string;
  title: string;
  /** Its merchant account aliases (`single_payment_mid_alias`). */
  mids: string[];
  /** Whether it wants device data from the fingerprint step; null when not known. */
  needs_fingerprint: boolean | null;
}

/** `GET /api/lab/deposits/options`. */
export interface DepositOptions {
  psps: DepositPspOption[];
  corridors: Corridor[];
}

/** The deposit as the console sends it: the BFF adds the cashier key and the MID alias. */
export type LabDepositInput = Omit<CardDepositRequest, 'cashier_key' | 'single_payment_mid_alias'>;

/** `POST /api/lab/deposits`. */
export interface LabDepositRequest {
  mode: 'routed' | 'single';
  psp_name?: string;
  single_payment_mid_alias?: string;
  deposit: LabDepositInput;
}

export interface LabDepositReply {
  result: DepositResult;
  exchange: LabExchange | null;
  duration_ms: number | null;
}
