import type { z } from 'zod';
import type {
  depositOptions,
  depositPspOption,
  depositTestData,
  labDeposit,
  labExchange,
  labPayout,
  labTestData,
} from '../endpoints/lab.endpoints.js';
import type { CardDepositRequest, Corridor, PayoutMethodType } from '../types.js';

/*
 * The payout-type lab and the card-deposit console (routes: `endpoints/lab.routes.ts`). Types
 * only, so the SPA can name them without bundling zod.
 */

/** What went to the orchestrator and what came back, as the lab shows it (scrubbed by the client). */
export type LabExchange = z.output<typeof labExchange>;

/** `GET /api/lab/test-data` query. */
export interface LabTestDataQuery extends Corridor {
  payout_method_type: PayoutMethodType;
  provider: string;
}

/** `GET /api/lab/test-data`: a valid payout for that PSP's fields, with a fresh `LAB-…` order id. */
export type LabTestDataReply = z.output<typeof labTestData>;

/** `POST /api/lab/payouts`: a test payout and the exchange behind it. */
export type LabPayoutReply = z.output<typeof labPayout>;

/** A PSP the card-deposit console may target. */
export type DepositPspOption = z.output<typeof depositPspOption>;

/** `GET /api/lab/deposits/options`. */
export type DepositOptions = z.output<typeof depositOptions>;
/** `GET /api/lab/deposits/test-data`: a test customer and card for a corridor. */
export type DepositTestDataDto = z.output<typeof depositTestData>;

/** The deposit as the console sends it: the BFF adds the cashier key and the MID alias. */
export type LabDepositInput = Omit<CardDepositRequest, 'cashier_key' | 'single_payment_mid_alias'>;

/** `POST /api/lab/deposits`. */
export interface LabDepositRequest {
  mode: 'routed' | 'single';
  psp_name?: string;
  single_payment_mid_alias?: string;
  deposit: LabDepositInput;
}

export type LabDepositReply = z.output<typeof labDeposit>;
