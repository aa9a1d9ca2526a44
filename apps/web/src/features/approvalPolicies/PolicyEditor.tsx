import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  describePolicyDiff,
  POLICY_NOTE_MAX_LENGTH,
  type ActivePolicyDto,
  type FieldError,
  type PolicyProposalDto,
} from '@payouts/contracts';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { PolicyChanges } from './PolicyChanges.js';
import { checkDrafts, errorsByField, newRuleDraft, type RuleDraft } from './policyDraft.js';
import { RuleEditor } from './RuleEditor.js';
import { usePolicyMutations } from './useApprovalPolicies.js';

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * "Propose a change": the active policy as editable rules, checked live by the same engine the
 * BFF runs (`validatePolicy`), with the changes in words as they are made. The BFF's 422
 * pointers land on the same fields.
 */
export function PolicyEditor({
  active,
  blocked,
  drafts,
  onDraftsChange,
  onCancel,
  onSubmitted,
}: {
  active: ActivePolicyDto;
  /** A proposal is pending (another admin's, made meanwhile): nothing can be submitted. */
  blocked: boolean;
  drafts: readonly RuleDraft[];
  /** Stable: the editor hands it to memoised rules. */
  onDraftsChange: (update: (drafts: RuleDraft[]) => RuleDraft[]) => void;
  onCancel: () => void;
  onSubmitted: (proposal: PolicyProposalDto) => void;
}) {
  const { propose } = usePolicyMutations();
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const { policy, errors } = useMemo(() => checkDrafts(drafts), [drafts]);
  const changes = useMemo(() => describePolicyDiff(active.policy, policy), [active, policy]);
  const shown = errorsByField([...errors, ...serverErrors]);
  const noteText = note.trim();
  const noteError =
    noteText.length > POLICY_NOTE_MAX_LENGTH
      ? `At most ${POLICY_NOTE_MAX_LENGTH} characters (now ${noteText.length}).`
      : serverErrors.find((e) => e.pointer === '/note')?.message;
  const general = shown.general.filter(
    (m) => m !== serverErrors.find((e) => e.pointer === '/note')?.message,
  );

  const update = useCallback(
    (change: (drafts: RuleDraft[]) => RuleDraft[]): void => {
      setServerErrors([]);
      onDraftsChange(change);
    },
    [onDraftsChange],
  );
  const onDraftChange = useCallback(
    (key: string, change: Partial<RuleDraft>) =>
      update((ds) => ds.map((d) => (d.key === key ? { ...d, ...change } : d))),
    [update],
  );
  const onDraftMove = useCallback(
    (key: string, delta: -1 | 1) =>
      update((ds) => {
        const i = ds.findIndex((d) => d.key === key);
        return move(ds, i, i + delta);
      }),
    [update],
  );
  const onDraftRemove = useCallback(
    (key: string) => update((ds) => ds.filter((d) => d.key !== key)),
    [update],
  );

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setAttempted(true);
    if (blocked || errors.length > 0 || noteError !== undefined || changes.length === 0) return;
    propose.mutate(
      { policy, ...(noteText ? { note: noteText } : {}) },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          if (isApiError(error, 'validation_failed')) setServerErrors(error.errors);
        },
      },
    );
  };
  const problems = errors.length + serverErrors.length + (noteError ? 1 : 0);

  return (
    <Paper
      variant="outlined"
      component="form"
      aria-labelledby="propose-title"
      noValidate
      onSubmit={submit}
      sx={{ p: 2 }}
    >
      <Typography id="propose-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Propose a change
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Starting from the active policy (version {active.version}). Rules are tried in order: the
        first whose conditions all hold decides how many approvals a payout needs. Another admin
        must approve the change before it applies.
      </Typography>
      <Stack spacing={2}>
        {drafts.map((draft, i) => (
          <RuleEditor
            key={draft.key}
            draft={draft}
            index={i}
            total={drafts.length}
            errors={shown.ofRule(i)}
            onDraftChange={onDraftChange}
            onDraftMove={onDraftMove}
            onDraftRemove={onDraftRemove}
          />
        ))}
        <div>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            onClick={() => update((ds) => [...ds.slice(0, -1), newRuleDraft(), ...ds.slice(-1)])}
          >
            Add rule
          </Button>
          <Typography variant="body2" color="textSecondary" component="span" sx={{ ml: 2 }}>
            New rules go just before the default.
          </Typography>
        </div>
        {general.map((message) => (
          <Alert severity="error" key={message}>
            {message}
          </Alert>
        ))}
        <section aria-label="Changes">
          <PolicyChanges
            changes={changes}
            title="Changes"
            headingLevel="h3"
            empty="No changes yet: the draft is the active policy."
          />
        </section>
        <TextField
          label="Note"
          multiline
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={noteError !== undefined}
          helperText={
            noteError ??
            `Optional: why, for the approving admin (${noteText.length} / ${POLICY_NOTE_MAX_LENGTH})`
          }
        />
        {attempted && problems > 0 ? (
          <Alert severity="error">
            Fix the {problems === 1 ? 'problem' : `${problems} problems`} marked above first.
          </Alert>
        ) : attempted && changes.length === 0 ? (
          <Alert severity="info">Nothing to propose: the draft is the active policy.</Alert>
        ) : null}
        {blocked ? (
          <Alert severity="warning">
            A proposal is now waiting for a decision (see above): it must be approved, rejected or
            withdrawn before this one can be submitted.
          </Alert>
        ) : null}
        {propose.isError && !isApiError(propose.error, 'validation_failed') ? (
          <ErrorState error={propose.error} title="The proposal was not submitted" />
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={propose.isPending} disabled={blocked}>
            Submit proposal
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
