/** A payout timeline entry to insert. */
export interface NewPayoutEvent {
  type: string;
  data?: Record<string, unknown>;
  /** A user email, `orchestrator` or `system`. */
  actor: string;
  at: Date;
  dedupeKey?: string;
}

/** A timeline row as inserted. */
export function eventValues(payoutId: string, event: NewPayoutEvent) {
  return {
    payoutId,
    type: event.type,
    data: event.data ?? {},
    actor: event.actor,
    at: event.at,
    dedupeKey: event.dedupeKey ?? null,
  };
}
