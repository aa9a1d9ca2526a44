/** `YYYY-MM-DD HH:MM:SS` in UTC without a zone, as the create-payout reply writes dates. */
export function toOrchestratorDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** ISO 8601 UTC without milliseconds (`2024-05-01T12:00:00Z`), as records write dates. */
export function toIsoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export function toUnixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
