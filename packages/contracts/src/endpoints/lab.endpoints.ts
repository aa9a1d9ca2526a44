import { z } from 'zod';
import { payoutFormBody } from '../api/payoutBodies.js';
import { DEPOSIT_STATUSES, PAYOUT_METHOD_TYPES } from '../types.js';
import { decimal, instant, metadataValue } from './common.js';
import { endpoint, htmlPage, json } from './endpoint.js';
import { labRoutes as routes } from './lab.routes.js';
import { payoutDto } from './payouts.endpoints.js';
import { problem } from './problem.js';
import { corridorQuery } from './reference.endpoints.js';

export const labTestDataQuery = z.strictObject({
  ...corridorQuery,
  payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
  provider: z.string().trim().min(1).max(100),
});

export const fingerprintQuery = z.strictObject({
  ...corridorQuery,
  card_bin: z
    .string({ error: 'Enter the first 6 to 8 digits of the card' })
    .trim()
    .regex(/^[0-9]{6,8}$/, 'Enter the first 6 to 8 digits of the card'),
});

/** The deposit as the console sends it: the BFF adds the cashier key and the MID alias. */
export const labDepositBody = z.strictObject({
  mode: z.enum(['routed', 'single']),
  psp_name: z.string().trim().min(1).max(100).optional(),
  single_payment_mid_alias: z.string().trim().min(1).max(100).optional(),
  // Checked field by field with the contracts' card deposit schema (the lab service).
  deposit: z.record(z.string(), z.unknown()),
});

/** A valid payout for that PSP's fields, with a fresh `LAB-…` order id. */
export const labTestData = z
  .strictObject({
    payout: z.strictObject({
      order_id: z.string(),
      provider: z.string(),
      country: z.string(),
      currency: z.string(),
      state: z.string().nullable(),
      amount: decimal,
      payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
      metadata: z.record(z.string(), metadataValue),
    }),
  })
  .meta({ id: 'LabTestData' });

/**
 * What went to the orchestrator and what came back (scrubbed by the client). The bodies are the
 * orchestrator's JSON as sent and received, whatever its API version says: open on purpose.
 * The path has an `{api_key}` placeholder, never the key; a card number is masked 6 + 4.
 */
export const labExchange = z
  .strictObject({
    request: z.strictObject({ method: z.string(), path: z.string(), body: z.unknown() }),
    response: z
      .strictObject({ http_status: z.number().int().nullable(), body: z.unknown() })
      .nullable(),
    /** Whole milliseconds: finer is noise for someone reading the lab. */
    duration_ms: z.number().int(),
  })
  .meta({ id: 'LabExchange' });

/** A test payout and the exchange behind it. */
export const labPayout = z
  .strictObject({
    /** The ledger row, stored with `is_test`; the failed row when refused. */
    payout: payoutDto,
    /** Null when the orchestrator was not called (an idempotent replay). */
    exchange: labExchange.nullable(),
    /** Set when the orchestrator (or the BFF) refused the test payout. */
    problem: problem.optional(),
  })
  .meta({ id: 'LabPayout' });

/** A PSP the card-deposit console may target. */
export const depositPspOption = z.strictObject({
  name: z.string(),
  title: z.string(),
  /** Its merchant account aliases (`single_payment_mid_alias`). */
  mids: z.array(z.string()),
  /** Whether it wants device data from the fingerprint step; null when not known. */
  needs_fingerprint: z.boolean().nullable(),
});

export const depositOptions = z
  .strictObject({
    psps: z.array(depositPspOption),
    corridors: z.array(z.strictObject({ country: z.string(), currency: z.string() })),
  })
  .meta({ id: 'DepositOptions' });

/**
 * The deposit console's "Prefill test data": a customer of the corridor's country, an amount and
 * a card holder and expiry, as the form's fields. Never a card number or a CVV: no reply carries
 * one, and no card number ships in the SPA's code; the admin types their PSP's test card.
 */
export const depositTestData = z
  .strictObject({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    address1: z.string(),
    city: z.string(),
    zip_code: z.string(),
    state: z.string(),
    amount: decimal,
    card_holder_name: z.string(),
    expire_month: z.string(),
    expire_year: z.string(),
  })
  .meta({ id: 'DepositTestData' });

export const labDeposit = z
  .strictObject({
    result: z.strictObject({
      id: z.string(),
      status: z.enum(DEPOSIT_STATUSES),
      /** Where the customer completes 3D Secure; set for `in_process`. */
      mpi_url: z.string().nullable(),
      decline_code: z.string().nullable(),
      decline_reason: z.string().nullable(),
    }),
    exchange: labExchange.nullable(),
    duration_ms: z.number().int().nullable(),
  })
  .meta({ id: 'LabDeposit' });

export const depositTransaction = z
  .strictObject({
    id: z.string(),
    psp_name: z.string(),
    country: z.string(),
    email: z.string(),
    transaction_id: z.string().nullable(),
    psp_order_id: z.string().nullable(),
    merchant_order_id: z.string(),
    amount: decimal,
    currency: z.string(),
    decline_reason: z.string().nullable(),
    decline_code: z.string().nullable(),
    card_type: z.string().nullable(),
    last_four_digits: z.string().nullable(),
    processing_date: instant.nullable(),
    payment_method: z.string().nullable(),
    status: z.enum(DEPOSIT_STATUSES),
  })
  .meta({ id: 'DepositTransaction' });

export const labEndpoints = {
  depositTestData: endpoint(routes.depositTestData, {
    summary: 'Test customer data for a card deposit in a corridor (never a card number or CVV)',
    tag: 'Lab',
    query: z.strictObject({ ...corridorQuery }),
    reply: json(depositTestData),
  }),
  labTestData: endpoint(routes.labTestData, {
    summary: 'Test data for a PSP and payout type in a corridor',
    tag: 'Lab',
    query: labTestDataQuery,
    reply: json(labTestData),
  }),
  sendLabPayout: endpoint(routes.sendLabPayout, {
    summary: 'Send a test payout (a refusal is a 200 with `problem`)',
    tag: 'Lab',
    body: payoutFormBody,
    handlerChecksBody: true,
    reply: json(labPayout, 201, [200, 202]),
  }),
  depositOptions: endpoint(routes.depositOptions, {
    summary: 'PSPs and MIDs for card deposits',
    tag: 'Lab',
    reply: json(depositOptions),
  }),
  depositFingerprint: endpoint(routes.depositFingerprint, {
    summary: 'The cashier’s device-fingerprint page (204 when the PSP wants none)',
    tag: 'Lab',
    query: fingerprintQuery,
    reply: htmlPage,
  }),
  makeDeposit: endpoint(routes.makeDeposit, {
    summary: 'Make a card deposit',
    tag: 'Lab',
    body: labDepositBody,
    reply: json(labDeposit),
  }),
  getDeposit: endpoint(routes.getDeposit, {
    summary: 'A card deposit',
    tag: 'Lab',
    reply: json(depositTransaction),
  }),
};
