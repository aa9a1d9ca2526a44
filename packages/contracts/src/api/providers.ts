import type {
  Corridor,
  PayoutMethodType,
  PayoutProvider,
  ProviderField,
  UnsupportedPayoutProvider,
} from '../types.js';

/** `GET /api/corridors`: the merchant's country + currency pairs. */
export interface CorridorsReply {
  corridors: Corridor[];
}

/** `GET /api/providers?country&currency`: the PSPs (per payout method type) of one corridor. */
export interface ProvidersReply {
  country: string;
  currency: string;
  providers: PayoutProvider[];
  /** Entries of the metadata left out: a payout method type we do not support, no name. */
  unsupported: UnsupportedPayoutProvider[];
  /** ISO 8601: when the BFF last read the orchestrator's metadata for this corridor. */
  fetched_at: string;
}

/** One difference between two versions of a corridor's metadata (decision 041). */
export interface MetadataChange {
  kind:
    | 'psp_added'
    | 'psp_removed'
    | 'field_added'
    | 'field_removed'
    | 'field_changed'
    | 'unsupported_added'
    | 'unsupported_removed';
  psp: string;
  /** As the orchestrator spelled it for entries left out; ours otherwise. */
  payout_method_type: string;
  field?: string;
}

/** One (PSP, payout method type) of a corridor in the providers matrix. */
export interface ProviderMatrixCell {
  psp: string;
  payout_method_type: PayoutMethodType;
  status: 'enabled' | 'missing';
  /** Why a PSP is missing, from what is visible only (the orchestrator never says); null if enabled. */
  likely_cause: string | null;
  /** What finance would be asked for; [] when missing. */
  fields: ProviderField[];
}

export interface ProviderMatrixCorridor extends Corridor {
  /** ISO 8601: when the BFF last read this corridor's metadata. */
  fetched_at: string;
  cells: ProviderMatrixCell[];
  /** PSPs the metadata lists for this corridor with a type we cannot pay through. */
  unsupported: UnsupportedPayoutProvider[];
  /**
   * The corridor's latest metadata version and what changed in it against the one before
   * (null before the first one is stored).
   */
  metadata_version: { version: number; since: string; changes: MetadataChange[] } | null;
}

/** `GET /api/providers/matrix`: every known PSP x payout method type, per corridor. */
export interface ProviderMatrix {
  psps: { name: string; title: string }[];
  payout_method_types: PayoutMethodType[];
  corridors: ProviderMatrixCorridor[];
}
