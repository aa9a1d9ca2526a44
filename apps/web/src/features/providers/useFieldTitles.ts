import { skipToken, useQuery } from '@tanstack/react-query';
import type { PayoutMethodType } from '@payouts/contracts';
import { useApi } from '../../api/ApiContext.js';
import { metadataLabel } from '../../components/metadataLabel.js';

/** What names a set of recipient details: the PSP and type that asked for them, in a corridor. */
export interface FieldSource {
  country: string;
  currency: string;
  provider: string;
  payout_method_type: PayoutMethodType;
}

/**
 * The title of each recipient detail as its PSP names it in the wizard (the orchestrator's
 * metadata for the corridor), so a payout or beneficiary page reads as the form did. Until the
 * metadata has loaded, or where the PSP no longer lists the field, the known title or the name
 * in words (`metadataLabel`).
 */
export function useFieldTitles(source: FieldSource | null | undefined): (name: string) => string {
  const api = useApi();
  // Its own key: the wizard's `providers` query also loads the pattern engine with the reply.
  const { data } = useQuery({
    queryKey: ['providerFieldTitles', source?.country, source?.currency],
    queryFn: source
      ? ({ signal }) =>
          api.providers.providers(
            { country: source.country, currency: source.currency },
            { signal },
          )
      : skipToken,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const fields = data?.providers.find(
    (p) => p.name === source?.provider && p.payout_method_type === source.payout_method_type,
  )?.fields;
  return (name) => fields?.find((f) => f.name === name)?.title || metadataLabel(name);
}
