import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isSensitiveField,
  PAYOUT_METHOD_TYPE_TITLES,
  type BeneficiaryDto,
  type PayoutMetadataValue,
} from '@payouts/contracts';
import { useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { DetailList } from '../../components/DetailList.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';
import { regionName } from '../../components/regionName.js';
import { useSectionFormKit } from '../../forms/useSectionFormKit.js';
import { useProviders } from '../providers/useProviders.js';
import { showValue } from './maskedDetails.js';
import { useUpdateBeneficiary } from './useBeneficiary.js';

/** The values the BFF shows masked (accounts, cards, wallets, tokens): the browser never has them. */
function isMasked(name: string): boolean {
  return isSensitiveField(name) || /wallet/i.test(name);
}

const DETAILS_POINTER = '/details/';

/**
 * A change of the payment details: the wizard's PSP section for the beneficiary's corridor, type
 * and PSP (fixed). Masked values start empty, with the current masked value as help; names and
 * other values shown in clear start filled. The change is sent whole, as `{ details }`, and only
 * takes effect once a second person approves it.
 */
export function BeneficiaryDetailsChangeForm({
  beneficiary: b,
  onProposed,
}: {
  beneficiary: BeneficiaryDto;
  onProposed: () => void;
}) {
  const update = useUpdateBeneficiary(b.id);
  const corridor = useMemo(
    () => ({ country: b.country, currency: b.currency }),
    [b.country, b.currency],
  );
  const providers = useProviders(corridor);
  // RJSF and the field rules load alongside the PSP list.
  const formKit = useSectionFormKit();
  const kit = formKit.kit;
  const form = useMemo(
    () =>
      kit && providers.data ? kit.buildPayoutForm(providers.data.providers, corridor) : undefined,
    [kit, providers.data, corridor],
  );
  const section = form?.section(b.payout_method_type, b.provider);

  const { initial, help } = useMemo(() => {
    const start: Record<string, unknown> = {};
    const notes: Record<string, string> = {};
    for (const field of section?.fields ?? []) {
      const current = b.details[field.name];
      if (current === undefined || current === null || current === '') continue;
      if (isMasked(field.name)) {
        notes[field.name] = `Now ${showValue(current)}. Type the full value.`;
      } else {
        start[field.name] = current;
      }
    }
    return { initial: start, help: notes };
  }, [section, b.details]);

  // RJSF reports the submitted values and submits in one go, before a re-render.
  const latest = useRef<Record<string, unknown>>(initial);
  const apiErrors = useMemo(
    () =>
      isApiError(update.error)
        ? Object.fromEntries(
            update.error.errors
              .filter((e) => e.pointer.startsWith(DETAILS_POINTER))
              .map((e) => [e.pointer.slice(DETAILS_POINTER.length), e.message]),
          )
        : {},
    [update.error],
  );
  const onFields = Object.keys(apiErrors).length > 0;

  const propose = (): void => {
    if (!kit || !form || !section) return;
    const normalized = kit.normalizePayout(form, {
      payout_method_type: section.type,
      provider: section.provider.name,
      metadata: latest.current,
    }) as { metadata: Record<string, PayoutMetadataValue> };
    update.mutate({ details: normalized.metadata }, { onSuccess: onProposed });
  };

  const fixed = (
    <DetailList
      items={[
        { label: 'Country', value: `${regionName(b.country)} (${b.country})` },
        { label: 'Currency', value: b.currency },
        ...(b.state ? [{ label: 'State', value: b.state }] : []),
        { label: 'Payout method', value: PAYOUT_METHOD_TYPE_TITLES[b.payout_method_type] },
        { label: 'PSP', value: b.provider_title ?? b.provider },
      ]}
    />
  );

  let sectionForm;
  if (formKit.error) {
    sectionForm = (
      <ErrorState
        error={formKit.error}
        title="The PSP section could not be loaded"
        onRetry={formKit.retry}
      />
    );
  } else if (providers.isPending || !kit) {
    sectionForm = <Placeholder height={240} label="Loading the PSP section" />;
  } else if (providers.isError) {
    sectionForm = (
      <ErrorState
        error={providers.error}
        title="The PSP section could not be loaded"
        onRetry={() => void providers.refetch()}
      />
    );
  } else if (!section) {
    sectionForm = (
      <Alert severity="warning">
        {b.unusable_reason ??
          `${b.provider_title ?? b.provider} no longer offers ${PAYOUT_METHOD_TYPE_TITLES[b.payout_method_type].toLowerCase()} payouts in ${b.country}/${b.currency}.`}{' '}
        The payment details cannot be changed now.
      </Alert>
    );
  } else {
    sectionForm = (
      <kit.RecipientStep
        key={`${section.type}:${section.provider.name}`}
        section={section}
        formData={initial}
        help={help}
        apiErrors={apiErrors}
        onChange={(next) => {
          latest.current = next;
        }}
        onNext={propose}
        nextLabel="Propose change"
        busy={update.isPending}
      />
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        The country, currency, payout method and PSP stay as they are; to change them, create a new
        beneficiary.
      </Typography>
      {fixed}
      <Alert severity="info">
        The current payment details stay in force, and payouts use them, until a different finance
        user or an admin approves this change. Type the whole section: account numbers are never
        sent to the browser, so they start empty.
      </Alert>
      {b.pending_change ? (
        <Alert severity="warning">
          A change of these payment details already awaits a decision.{' '}
          <Link component={RouterLink} to={`/beneficiaries/${encodeURIComponent(b.id)}`}>
            See the pending change
          </Link>
          ; it must be approved or rejected before another is proposed.
        </Alert>
      ) : null}
      {b.payout_method_type === 'credit_card' ? (
        <Alert severity="info">
          The full card number is never kept. Unless the PSP returns a card token, the card fields
          are typed again at each payout to this beneficiary.
        </Alert>
      ) : null}
      {sectionForm}
      {update.isError && !onFields ? (
        <ErrorState error={update.error} title="The change was not proposed" />
      ) : null}
    </Stack>
  );
}
