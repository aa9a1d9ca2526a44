// The journeys run against the built SPA, served by the BFF exactly as `npm start` serves it.
// @ts-expect-error -- plain ESM build script shared with `npm start`, no type declarations.
import { buildStale } from '../../../scripts/buildStale.mjs';

export function setup(): void {
  (buildStale as (names: string[]) => void)(['@payouts/web']);
}
