import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANY_CURRENCY,
  APPROVAL_COUNTS,
  APPROVER_ROLES,
  BENEFICIARY_WINDOW_MAX_DAYS,
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  ROLE_TITLES,
  type ApprovalCount,
  type PayoutMethodType,
} from '@payouts/contracts';
import { memo, type ChangeEvent } from 'react';
import { currencyOptionElements } from './currencyOptions.js';
import type { DraftField, InBatchChoice, RuleDraft } from './policyDraft.js';
import { AmountField } from '../../components/AmountField.js';

export type RuleErrors = Partial<Record<DraftField, string>>;

// Re-render a rule only when it, its place or its errors change: a policy has many rules and
// each has a select of every currency, so typing in one must not redraw them all.
function sameRuleProps(a: RuleEditorProps, b: RuleEditorProps): boolean {
  return (
    a.draft === b.draft &&
    a.index === b.index &&
    a.total === b.total &&
    a.onDraftChange === b.onDraftChange &&
    a.onDraftMove === b.onDraftMove &&
    a.onDraftRemove === b.onDraftRemove &&
    JSON.stringify(a.errors) === JSON.stringify(b.errors)
  );
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * One rule of the draft, as a group named "Rule N". The last rule is the default: it has no
 * conditions, and it can be neither removed nor moved.
 */
interface RuleEditorProps {
  draft: RuleDraft;
  index: number;
  total: number;
  /** This rule's errors by field, as one string each. */
  errors: RuleErrors;
  onDraftChange: (key: string, patch: Partial<RuleDraft>) => void;
  onDraftMove: (key: string, delta: -1 | 1) => void;
  onDraftRemove: (key: string) => void;
}

function RuleEditorBody({
  draft,
  index,
  total,
  errors,
  onDraftChange,
  onDraftMove,
  onDraftRemove,
}: RuleEditorProps) {
  const error = (field: DraftField): string | undefined => errors[field];
  const onChange = (patch: Partial<RuleDraft>): void => onDraftChange(draft.key, patch);
  const onMove = (delta: -1 | 1): void => onDraftMove(draft.key, delta);
  const onRemove = (): void => onDraftRemove(draft.key);
  const n = index + 1;
  const isDefault = index === total - 1;
  const id = `rule-${draft.key}`;
  const text =
    (key: 'name' | 'amountAbove' | 'amountUpTo' | 'providers' | 'corridors' | 'beneficiaryDays') =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ [key]: e.target.value });
  const field = (name: DraftField, help?: string) => {
    const message = error(name);
    return { error: message !== undefined, helperText: message ?? help };
  };
  const ruleError = error('rule');
  const rolesError = error('roles');
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
        Rule {n}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
          {isDefault
            ? 'The default: it applies to every payout no rule above matches.'
            : draft.id === null
              ? 'New rule'
              : `Rule id ${draft.id}`}
        </Typography>
        {isDefault ? null : (
          <>
            <IconButton
              aria-label={`Move rule ${n} up`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton
              aria-label={`Move rule ${n} down`}
              disabled={index >= total - 2}
              onClick={() => onMove(1)}
            >
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton aria-label={`Remove rule ${n}`} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </>
        )}
      </Stack>
      {ruleError ? (
        <FormHelperText error sx={{ mb: 1 }} id={`${id}-error`}>
          {ruleError}
        </FormHelperText>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <TextField
          label="Rule name"
          required
          value={draft.name}
          onChange={text('name')}
          {...field('name')}
        />
        {isDefault ? null : (
          <>
            <TextField
              label="Currency"
              value={draft.currency}
              onChange={(e) => onChange({ currency: e.target.value })}
              select
              slotProps={nativeSelect}
              {...field('currency')}
            >
              <option value="">No currency condition</option>
              <option value={ANY_CURRENCY}>Any currency (the payout&apos;s own)</option>
              {currencyOptionElements()}
            </TextField>
            <AmountField
              label="Amount above"
              value={draft.amountAbove}
              onChange={(amountAbove) => onChange({ amountAbove })}
              {...field('amount_above', 'More than this (exclusive)')}
            />
            <AmountField
              label="Amount up to"
              value={draft.amountUpTo}
              onChange={(amountUpTo) => onChange({ amountUpTo })}
              {...field('amount_up_to', 'At most this (inclusive)')}
            />
            <TextField
              label="Payout types"
              value={draft.payoutTypes}
              onChange={(e) =>
                onChange({
                  payoutTypes: Array.from(
                    (e.target as unknown as HTMLSelectElement).selectedOptions,
                    (o) => o.value as PayoutMethodType,
                  ),
                })
              }
              select
              slotProps={{
                select: { native: true, multiple: true },
                inputLabel: { shrink: true },
                htmlInput: { size: PAYOUT_METHOD_TYPES.length },
              }}
              {...field('payout_method_types', 'None chosen: every type')}
            >
              {PAYOUT_METHOD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {PAYOUT_METHOD_TYPE_TITLES[t]}
                </option>
              ))}
            </TextField>
            <TextField
              label="PSPs"
              value={draft.providers}
              onChange={text('providers')}
              {...field('providers', 'PSP codes, separated by commas; empty: every PSP')}
            />
            <TextField
              label="Corridors"
              value={draft.corridors}
              onChange={text('corridors')}
              {...field('corridors', 'Optional, e.g. BE/EUR, NL/EUR')}
            />
            <TextField
              label="Beneficiary new or changed within (days)"
              value={draft.beneficiaryDays}
              onChange={text('beneficiaryDays')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...field(
                'beneficiary_new_or_changed_within_days',
                `Optional, 1 to ${BENEFICIARY_WINDOW_MAX_DAYS}`,
              )}
            />
            <TextField
              label="Part of a batch"
              value={draft.inBatch}
              onChange={(e) => onChange({ inBatch: e.target.value as InBatchChoice })}
              select
              slotProps={nativeSelect}
              {...field('in_batch', 'Rows of a batch file, or payouts created one by one')}
            >
              <option value="any">Any</option>
              <option value="yes">Part of a batch</option>
              <option value="no">Not part of a batch</option>
            </TextField>
          </>
        )}
        <TextField
          label="Approvers"
          value={String(draft.count)}
          onChange={(e) => onChange({ count: Number(e.target.value) as ApprovalCount })}
          select
          slotProps={nativeSelect}
          {...field('count')}
        >
          {APPROVAL_COUNTS.map((c) => (
            <option key={c} value={c}>
              {c === 0 ? '0 (no approval)' : String(c)}
            </option>
          ))}
        </TextField>
        <Box>
          {APPROVER_ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={`${ROLE_TITLES[role]} may approve`}
              control={
                <Checkbox
                  checked={draft.roles.includes(role)}
                  disabled={draft.count === 0}
                  onChange={(e) =>
                    onChange({
                      roles: e.target.checked
                        ? APPROVER_ROLES.filter((r) => r === role || draft.roles.includes(r))
                        : draft.roles.filter((r) => r !== role),
                    })
                  }
                />
              }
            />
          ))}
          {rolesError ? <FormHelperText error>{rolesError}</FormHelperText> : null}
        </Box>
      </Box>
    </Box>
  );
}

export const RuleEditor = memo(RuleEditorBody, sameRuleProps);
