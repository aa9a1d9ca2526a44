import { z } from 'zod';
import { countryCodeQuery, currencyCodeQuery } from '../api/payoutListQuery.js';
import {
  MISSING_CAUSES,
  PAYOUT_METHOD_TYPES,
  PROVIDER_FIELD_TYPES,
  type ProviderField,
} from '../types.js';
import { instant } from './common.js';
import { endpoint, htmlPage, json } from './endpoint.js';
import { referenceRoutes as routes } from './reference.routes.js';

export const corridorList = z
  .strictObject({
    corridors: z.array(z.object({ country: z.string(), currency: z.string() })),
  })
  .meta({ id: 'CorridorList' });

export const providerField = z
  .strictObject({
    name: z.string(),
    title: z.string(),
    type: z.enum(PROVIDER_FIELD_TYPES).optional(),
    required: z.boolean().optional(),
    pattern: z.string().optional(),
    min_length: z.number().int().optional(),
    max_length: z.number().int().optional(),
    options: z.array(z.strictObject({ value: z.string(), title: z.string() })).optional(),
  })
  .meta({ id: 'ProviderField' }) satisfies z.ZodType<ProviderField>;

/** An entry of the metadata left out: a payout method type we do not support, no name. */
const unsupportedProvider = z.strictObject({
  name: z.string().nullable(),
  title: z.string().nullable(),
  payout_method_type: z.string().nullable(),
  reason: z.string(),
});

export const providersReply = z
  .strictObject({
    country: z.string(),
    currency: z.string(),
    providers: z.array(
      z.strictObject({
        name: z.string(),
        title: z.string(),
        payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
        fields: z.array(providerField),
      }),
    ),
    unsupported: z.array(unsupportedProvider),
    /** When the BFF last read the orchestrator's metadata for this corridor. */
    fetched_at: instant,
  })
  .meta({ id: 'Providers' });

/** One difference between two versions of a corridor's metadata (decision 041). */
export const metadataChange = z.strictObject({
  kind: z.enum([
    'psp_added',
    'psp_removed',
    'field_added',
    'field_removed',
    'field_changed',
    'unsupported_added',
    'unsupported_removed',
  ]),
  psp: z.string(),
  /** As the orchestrator spelled it for entries left out; ours otherwise. */
  payout_method_type: z.string(),
  field: z.string().optional(),
});

/** One (PSP, payout method type) of a corridor in the providers matrix. */
export const providerMatrixCell = z.strictObject({
  psp: z.string(),
  payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
  status: z.enum(['enabled', 'missing']),
  /** Why a PSP is missing, from what is visible only (the orchestrator never says); null if enabled. */
  likely_cause: z.string().nullable(),
  /** The same as a code, to filter by; null if enabled. */
  cause: z.enum(MISSING_CAUSES).nullable(),
  /** What finance would be asked for; [] when missing. */
  fields: z.array(providerField),
});

export const providerMatrixCorridor = z.strictObject({
  country: z.string(),
  currency: z.string(),
  /** When the BFF last read this corridor's metadata. */
  fetched_at: instant,
  cells: z.array(providerMatrixCell),
  /** PSPs the metadata lists for this corridor with a type we cannot pay through. */
  unsupported: z.array(unsupportedProvider),
  /**
   * The corridor's latest metadata version and what changed in it against the one before
   * (null before the first one is stored).
   */
  metadata_version: z
    .strictObject({ version: z.number().int(), since: instant, changes: z.array(metadataChange) })
    .nullable(),
});

/** Every known PSP x payout method type, per corridor. */
export const providerMatrix = z
  .strictObject({
    psps: z.array(z.strictObject({ name: z.string(), title: z.string() })),
    payout_method_types: z.array(z.enum(PAYOUT_METHOD_TYPES)),
    corridors: z.array(providerMatrixCorridor),
  })
  .meta({ id: 'ProviderMatrix' });

/**
 * `/api/openapi.json` itself: its frame only. What is inside a path item is OpenAPI's own
 * schema (not restated here); `loose` because 3.1 documents carry more top-level members.
 */
export const openApiDocumentReply = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({ id: 'OpenApiDocument' });

/** A query's corridor (other endpoints that take one use it too). */
export const corridorQuery = { country: countryCodeQuery, currency: currencyCodeQuery };

/** `refresh=1` reads the orchestrator's metadata again instead of the cached copy. */
const refresh = z.enum(['0', '1']).optional();

export const providersQuery = z.object({ ...corridorQuery, refresh }).strict();

export const providerMatrixQuery = z.object({ refresh }).strict();

export const referenceEndpoints = {
  listCorridors: endpoint(routes.listCorridors, {
    summary: 'The merchant’s corridors',
    tag: 'Reference',
    reply: json(corridorList),
  }),
  getProviders: endpoint(routes.getProviders, {
    summary: 'PSPs and their payout forms for a corridor',
    tag: 'Reference',
    query: providersQuery,
    reply: json(providersReply),
  }),
  getProviderMatrix: endpoint(routes.getProviderMatrix, {
    summary: 'Every PSP × corridor × payout type',
    tag: 'Reference',
    query: providerMatrixQuery,
    reply: json(providerMatrix),
  }),
  getOpenApiDocument: endpoint(routes.getOpenApiDocument, {
    summary: 'This document (OpenAPI 3.1)',
    tag: 'Reference',
    reply: json(openApiDocumentReply),
  }),
  getApiDocs: endpoint(routes.getApiDocs, {
    summary: 'This document, rendered',
    tag: 'Reference',
    reply: htmlPage,
  }),
};
