import {
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type Corridor,
  type ProviderMatrix,
  type PayoutMethodType,
  type ProviderMatrixCell,
  type MissingCause,
} from '@payouts/contracts';
import type { KnownPsp } from '../../config.js';
import type { MetadataVersions } from './metadataVersions.js';
import type { ProvidersService } from './providersService.js';

/**
 * Why a PSP offers no payouts of `type` in a corridor (`where`, e.g. `BE/EUR`): its type switch
 * when it is listed there for another type, else its Payouts feature or the corridor. The
 * beneficiaries' `unusable_reason` says the same.
 */
export function likelyCauseOfMissing(
  listedForOtherTypes: boolean,
  type: PayoutMethodType,
  where: string,
): string {
  return listedForOtherTypes
    ? `Its “${PAYOUT_METHOD_TYPE_TITLES[type]}” payout type is not enabled in its credentials for ${where}.`
    : `Its “Payouts” feature is not enabled in its credentials, or it does not serve ${where}.`;
}

/** Why a known PSP is missing from a corridor for a type (MISSING_CAUSES), from what is listed. */
export function causeOfMissing(seen: {
  listedHere: boolean;
  unusableHere: boolean;
  listedAnywhere: boolean;
}): MissingCause {
  if (seen.listedHere) return 'type_not_enabled';
  if (seen.unusableHere) return 'type_not_supported';
  return seen.listedAnywhere ? 'corridor_not_served' : 'payouts_off';
}

/**
 * Corridors x PSPs x payout types from the (cached) metadata endpoint. The PSP list comes from
 * configuration because the orchestrator lists only enabled ones; a PSP it lists that the
 * configuration forgot is shown too, after the configured ones.
 */
export async function buildProvidersMatrix({
  corridors,
  knownPsps,
  providersService,
  metadataVersions,
  refresh,
}: {
  corridors: readonly Corridor[];
  knownPsps: readonly KnownPsp[];
  providersService: ProvidersService;
  metadataVersions?: Pick<MetadataVersions, 'latest'>;
  refresh: boolean;
}): Promise<ProviderMatrix> {
  const fetched = await Promise.all(corridors.map((c) => providersService.get(c, { refresh })));
  const versions = metadataVersions
    ? await Promise.all(corridors.map((c) => metadataVersions.latest(c)))
    : [];
  const psps = [...knownPsps];
  // A PSP the metadata lists nowhere, for no type, has its Payouts feature off (most likely).
  const listedAnywhere = new Set(
    fetched.flatMap(({ providers, unsupported }) => [
      ...providers.map((p) => p.name),
      ...unsupported.flatMap((u) => (u.name === null ? [] : [u.name])),
    ]),
  );
  for (const { providers } of fetched) {
    for (const p of providers) {
      if (!psps.some((k) => k.name === p.name)) psps.push({ name: p.name, title: p.title });
    }
  }
  return {
    psps,
    payout_method_types: [...PAYOUT_METHOD_TYPES],
    corridors: fetched.map(({ country, currency, providers, unsupported, fetched_at }, index) => {
      const latest = versions[index];
      const where = `${country}/${currency}`;
      const cells: ProviderMatrixCell[] = [];
      for (const psp of psps) {
        const listed = providers.filter((p) => p.name === psp.name);
        const unusable = unsupported.filter((u) => u.name === psp.name);
        for (const type of PAYOUT_METHOD_TYPES) {
          const provider = listed.find((p) => p.payout_method_type === type);
          if (provider) {
            cells.push({
              psp: psp.name,
              payout_method_type: type,
              status: 'enabled',
              likely_cause: null,
              cause: null,
              fields: provider.fields,
            });
            continue;
          }
          const cause = causeOfMissing({
            listedHere: listed.length > 0,
            unusableHere: unusable.length > 0,
            listedAnywhere: listedAnywhere.has(psp.name),
          });
          cells.push({
            psp: psp.name,
            payout_method_type: type,
            status: 'missing',
            likely_cause:
              cause === 'type_not_supported'
                ? `Listed for ${where} only with a payout type this back-office does not support (${unusable.map((u) => `“${u.payout_method_type ?? 'none'}”`).join(', ')}).`
                : cause === 'payouts_off'
                  ? 'Listed for no corridor: its “Payouts” feature is likely not enabled in its credentials.'
                  : cause === 'corridor_not_served'
                    ? `Listed for other corridors, not ${where}: it likely does not serve ${where}.`
                    : likelyCauseOfMissing(true, type, where),
            cause,
            fields: [],
          });
        }
      }
      return {
        country,
        currency,
        fetched_at,
        cells,
        unsupported,
        metadata_version: latest
          ? {
              version: latest.version,
              since: latest.fetchedAt.toISOString(),
              changes: latest.changes,
            }
          : null,
      };
    }),
  };
}
