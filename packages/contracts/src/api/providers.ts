// The replies' types, from their schemas (`endpoints/reference.endpoints.ts`).
import type { z } from 'zod';
import type {
  corridorList,
  metadataChange,
  providerMatrix,
  providerMatrixCell,
  providerMatrixCorridor,
  providersReply,
} from '../endpoints/reference.endpoints.js';

/** `GET /api/corridors`: the merchant's country + currency pairs. */
export type CorridorsReply = z.output<typeof corridorList>;
/** `GET /api/providers?country&currency`: the PSPs (per payout method type) of one corridor. */
export type ProvidersReply = z.output<typeof providersReply>;
/** One difference between two versions of a corridor's metadata (decision 041). */
export type MetadataChange = z.output<typeof metadataChange>;
/** One (PSP, payout method type) of a corridor in the providers matrix. */
export type ProviderMatrixCell = z.output<typeof providerMatrixCell>;
export type ProviderMatrixCorridor = z.output<typeof providerMatrixCorridor>;
/** `GET /api/providers/matrix`: every known PSP x payout method type, per corridor. */
export type ProviderMatrix = z.output<typeof providerMatrix>;
