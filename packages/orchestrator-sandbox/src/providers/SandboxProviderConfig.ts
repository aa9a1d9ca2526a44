import type { CardBrand, Corridor, PayoutMethodType, ProviderField } from '@payouts/contracts';

export type { CardBrand };

/** One merchant account (MID) a PSP has for card deposits, named as in the merchant's dashboard. */
export interface SandboxMid {
  alias: string;
  title: string;
}

export interface SandboxDepositConfig {
  /** Corridors this PSP takes card deposits in. */
  corridors: Corridor[];
  /** Card brands (from the BIN) this PSP accepts. */
  card_brands: CardBrand[];
  /** Routing order for the routed deposit endpoint: the lowest number that accepts the card wins. */
  priority: number;
  /** Whether the PSP wants device data (`ddc[psp_name]`) from the fingerprint step. */
  requires_fingerprint: boolean;
  mids: SandboxMid[];
}

/**
 * One PSP connected to the merchant, as the orchestrator has its credentials. PSPs whose payouts
 * are switched off stay in this list so a back-office can explain why they are missing.
 */
export interface SandboxPsp {
  /** Code name (`provider` in a payout, `psp_name` in records). */
  name: string;
  /** Display name; the create call accepts it in place of the code name. */
  title: string;
  /** The "Payouts" feature switch in the PSP's credentials. */
  payouts_enabled: boolean;
  /** Per payout method type switches in the PSP's credentials. */
  types: Record<PayoutMethodType, boolean>;
  /** Country + currency pairs this PSP pays out in (when enabled). */
  payout_corridors: Corridor[];
  /** Metadata fields per supported payout method type; a type absent here is not supported. */
  fields: Partial<Record<PayoutMethodType, ProviderField[]>>;
  /** How this PSP's validation issues spell their `type` (the real service was seen misspelling it). */
  validation_error_type: 'validation_error' | 'validaton_error';
  /** Card deposit (MPI) set-up, or `null` when the PSP takes no card deposits. */
  deposits: SandboxDepositConfig | null;
  /** One line for humans (README, demo screens). */
  description: string;
}

export interface SandboxProviderConfig {
  merchant: { name: string };
  /** Cashier configurations the card-deposit endpoints accept in `cashier_key`. */
  cashier_keys: string[];
  /** Every PSP known to the merchant, enabled or not. */
  psps: SandboxPsp[];
}
