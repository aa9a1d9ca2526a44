import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_METHOD_TYPE_TITLES,
  type Corridor,
  type PayoutForm,
  type PayoutMethodType,
} from '@payouts/contracts';
import { startTransition, useEffect, useRef, useState, type CSSProperties } from 'react';
import { visuallyHidden } from '../../components/visuallyHidden.js';
import { MethodChoice, type MethodChoiceValue } from './MethodChoice.js';
import { MethodStepPending, NoProviderStep } from './MethodStepPending.js';
import { ProviderListAge } from './ProviderListAge.js';
import { WizardButtons } from './WizardButtons.js';
import { useLatest } from '../../components/useLatest.js';
import { Section, sectionFormId, type Values } from './RecipientSection.js';

export interface MethodAndRecipientStepProps {
  corridor: Corridor;
  form: PayoutForm | undefined;
  fetchedAt: string | undefined;
  providersError: unknown;
  isRefreshing: boolean;
  type: PayoutMethodType | '';
  provider: string;
  /**
   * A saved beneficiary fixed the type and PSP: no choice, only the section (for the card
   * fields typed again at each payout).
   */
  fixed?: boolean;
  /** The chosen section's values when the step mounts (the draft's). */
  formData: Values;
  apiErrors: {
    method: Partial<Record<'payout_method_type' | 'provider', string>>;
    /** Per field name of the chosen section. */
    metadata: Record<string, string>;
  };
  /**
   * Another type or PSP was picked; `formData` is what its section holds (what was typed in it
   * earlier on this step, or nothing).
   */
  onChangeMethod: (choice: MethodChoiceValue, formData: Values) => void;
  /** Per keystroke in the chosen section. */
  onChangeFormData: (formData: Values) => void;
  onRefresh: () => void;
  onBack: () => void;
  onNext: () => void;
}

const NO_ERRORS: Record<string, string> = {};

/**
 * A section not chosen: laid out (at the step's width) but invisible, so neither focusable nor in
 * the accessibility tree, and out of the flow and the scroll area. Showing it is a change of these
 * few properties on one element: its fields' styles and layout were computed beforehand.
 */
const HIDDEN_SECTION: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: 0,
  overflow: 'hidden',
};
/**
 * Apart from the above: the browser passes a change of `visibility` alone down to the fields
 * without matching their style rules again (it would for the whole section if the same element
 * changed its position as well).
 */
const INVISIBLE: CSSProperties = { visibility: 'hidden' };
const SECTIONS_STYLE: CSSProperties = { position: 'relative' };
/**
 * The step's column (MUI's `Stack spacing={3}` as plain CSS: the step renders with each pick, and
 * the Stack's responsive style props are worked out again on each render).
 */
const STEP_STYLE: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 24,
  maxWidth: 560,
};

const sectionKey = (type: PayoutMethodType | '', provider: string): string => `${type}:${provider}`;

/**
 * The wizard's second step: the payout method, its PSP, and the PSP's own section right below,
 * shown the moment the PSP is picked.
 *
 * Every PSP section of the corridor is rendered once the step is on screen (as a transition),
 * laid out but invisible and `aria-hidden` (so neither focusable nor announced), so a pick only
 * shows one that is already built: no step change, no form mounted on the click. Each section keeps what was typed in it while the step is open, so going back to
 * a PSP picked earlier finds its values again; only the chosen one's values are the payout's.
 * The focus stays on the PSP (arrow keys keep choosing) and a polite live region says which
 * section appeared; Tab goes on into it.
 */
export function MethodAndRecipientStep({
  corridor,
  form,
  fetchedAt,
  providersError,
  isRefreshing,
  type,
  provider,
  fixed = false,
  formData,
  apiErrors,
  onChangeMethod,
  onChangeFormData,
  onRefresh,
  onBack,
  onNext,
}: MethodAndRecipientStepProps) {
  // The choice is the step's own once made here (the wizard keeps it without rendering again);
  // new props (a draft restored, a beneficiary chosen) replace it.
  const [choiceProps, setChoiceProps] = useState({ type, provider });
  const [choice, setChoice] = useState<MethodChoiceValue>({ type, provider });
  if (choiceProps.type !== type || choiceProps.provider !== provider) {
    setChoiceProps({ type, provider });
    setChoice({ type, provider });
  }
  const [checked, setChecked] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const typeGroupRef = useRef<HTMLDivElement>(null);
  const providerGroupRef = useRef<HTMLDivElement>(null);
  const chosen =
    form && choice.type !== '' && choice.provider !== ''
      ? form.section(choice.type, choice.provider)
      : undefined;
  const chosenKey = chosen ? sectionKey(chosen.type, chosen.provider.name) : null;
  // What each section holds: the sections report per keystroke, the wizard keeps the chosen one's.
  const [initialValues] = useState(() => new Map([[sectionKey(type, provider), formData]]));
  const valuesRef = useRef(new Map<string, Values>(initialValues));
  // The latest props for the sections' handlers, which stay the same functions: a section
  // re-renders only when it is shown or hidden, not with every render of the wizard.
  const latest = useLatest({ chosenKey, onChangeFormData, onBack, onNext });
  // The sections of the PSPs not chosen are built after the step is on screen, as a transition
  // (rendered in slices, a pick or a keystroke going first): a pick then only shows one.
  const [prepared, setPrepared] = useState(false);
  useEffect(() => {
    startTransition(() => setPrepared(true));
  }, []);
  const [handlers] = useState(() => ({
    change: (key: string, values: Values): void => {
      valuesRef.current.set(key, values);
      if (key === latest.current.chosenKey) latest.current.onChangeFormData(values);
    },
    back: (): void => latest.current.onBack(),
    next: (): void => latest.current.onNext(),
  }));

  if (form === undefined) {
    return <MethodStepPending error={providersError} onRetry={onRefresh} onBack={onBack} />;
  }

  const refresh = fixed ? null : (
    <ProviderListAge fetchedAt={fetchedAt} isRefreshing={isRefreshing} onRefresh={onRefresh} />
  );
  if (form.methodTypes.length === 0) {
    return <NoProviderStep corridor={corridor} refresh={refresh} onBack={onBack} />;
  }

  const typeProblem =
    apiErrors.method.payout_method_type ??
    (checked && choice.type === '' ? 'Choose the payout method.' : undefined);
  const providerProblem =
    apiErrors.method.provider ?? (checked && !chosen ? 'Choose the PSP.' : undefined);

  const change = (picked: MethodChoiceValue): void => {
    setChoice(picked);
    const next = picked.type === '' ? undefined : form.section(picked.type, picked.provider);
    setAnnouncement(
      next
        ? `${PAYOUT_METHOD_TYPE_TITLES[next.type]} with ${next.provider.title}: the recipient details follow.`
        : '',
    );
    onChangeMethod(picked, valuesRef.current.get(sectionKey(picked.type, picked.provider)) ?? {});
  };

  /** Next before a PSP is chosen: say what is missing, at the first group missing it. */
  const nextWithoutSection = (): void => {
    setChecked(true);
    const group = choice.type === '' ? typeGroupRef.current : providerGroupRef.current;
    group?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  };

  const sections =
    fixed || !prepared
      ? chosen
        ? [chosen]
        : []
      : form.methodTypes.flatMap((t) =>
          form.providersByType[t].flatMap((p) => form.section(t, p.name) ?? []),
        );

  return (
    <div style={STEP_STYLE}>
      {fixed && chosen ? (
        <Typography>
          {PAYOUT_METHOD_TYPE_TITLES[chosen.type]} with {chosen.provider.title}, as saved for the
          beneficiary.
        </Typography>
      ) : (
        <>
          {refresh}
          <MethodChoice
            corridor={corridor}
            form={form}
            type={choice.type}
            provider={chosen ? choice.provider : ''}
            typeProblem={typeProblem}
            providerProblem={providerProblem}
            onChange={change}
            typeGroupRef={typeGroupRef}
            providerGroupRef={providerGroupRef}
          />
        </>
      )}
      <div role="status" style={visuallyHidden}>
        {announcement}
      </div>
      <div style={SECTIONS_STYLE}>
        {sections.map((section) => {
          const key = sectionKey(section.type, section.provider.name);
          const shown = key === chosenKey;
          // Only this wrapper changes with a pick; the section itself is not rendered again.
          return (
            <div key={key} style={shown ? undefined : HIDDEN_SECTION}>
              <div style={shown ? undefined : INVISIBLE} aria-hidden={shown ? undefined : true}>
                <Section
                  sectionKey={key}
                  section={section}
                  initialValues={initialValues.get(key) ?? NO_VALUES}
                  apiErrors={
                    shown && Object.keys(apiErrors.metadata).length > 0
                      ? apiErrors.metadata
                      : NO_ERRORS
                  }
                  onChange={handlers.change}
                  onBack={handlers.back}
                  onNext={handlers.next}
                />
              </div>
            </div>
          );
        })}
        {/* One Back and Next for every section: a pick changes which form Next submits. */}
        <WizardButtons
          onBack={onBack}
          next={
            chosenKey ? (
              <Button type="submit" form={sectionFormId(chosenKey)} variant="contained">
                Next
              </Button>
            ) : (
              <Button type="button" variant="contained" onClick={nextWithoutSection}>
                Next
              </Button>
            )
          }
        />
      </div>
    </div>
  );
}

const NO_VALUES: Values = {};
