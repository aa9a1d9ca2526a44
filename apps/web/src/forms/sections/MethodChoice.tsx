import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  PAYOUT_METHOD_TYPE_TITLES,
  PAYOUT_METHOD_TYPES,
  type Corridor,
  type PayoutForm,
  type PayoutMethodType,
} from '@payouts/contracts';
import {
  memo,
  useId,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { notOfferedMessage } from './noProviderMessage.js';
import { useLatest } from '../../components/useLatest.js';

export interface MethodChoiceValue {
  type: PayoutMethodType | '';
  provider: string;
}

export interface MethodChoiceProps {
  corridor: Corridor;
  /** The corridor's form, with at least one payout type offered. */
  form: PayoutForm;
  type: PayoutMethodType | '';
  provider: string;
  /** What to say under each group when the choice is missing or refused. */
  typeProblem: string | undefined;
  providerProblem: string | undefined;
  onChange: (choice: MethodChoiceValue) => void;
  /** The two radio groups, for focusing the first one with a problem. */
  typeGroupRef?: Ref<HTMLDivElement>;
  providerGroupRef?: Ref<HTMLDivElement>;
}

/**
 * A radio group's frame: the layout of MUI's `FormControl` (as plain CSS) without its context. Inside a
 * `FormControl` a radio getting the focus sets the control's focused state, and every radio, label
 * and the legend re-render with it (on the mouse-down before each pick); the error and required
 * states are given to the legend and help text directly instead.
 */
const GROUP_STYLE: CSSProperties = {
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  padding: 0,
  margin: 0,
  border: 0,
  verticalAlign: 'top',
};

interface GroupProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  /** Under the group: the problem (shown as an error) or a hint. */
  help: string | undefined;
  error: boolean;
  onPick: (value: T) => void;
  groupRef: Ref<HTMLDivElement> | undefined;
  /** The PSPs' radios: no ripple on the click that shows the section. */
  noClickRipple?: boolean;
}

/**
 * One radio group. Memoised with stable props: a PSP pick re-renders the PSP group only (its
 * radios follow the group's value), not the payout-method group.
 */
const ChoiceGroup = memo(function ChoiceGroup<T extends string>({
  legend,
  options,
  value,
  help,
  error,
  onPick,
  groupRef,
  noClickRipple = false,
}: GroupProps<T>) {
  const labelId = useId();
  const helpId = useId();
  return (
    <div style={GROUP_STYLE}>
      <FormLabel id={labelId} error={error} required>
        {legend}
      </FormLabel>
      <RadioGroup
        ref={groupRef}
        aria-labelledby={labelId}
        aria-describedby={help === undefined ? undefined : helpId}
        value={value}
        onChange={(event) => onPick(event.target.value as T)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            // No ripple on the click that shows the section (an animation competing with it);
            // the keyboard focus ripple stays, it is the focus indicator.
            control={<Radio disableTouchRipple={noClickRipple} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {help === undefined ? null : (
        // `outlined`: indented as in the FormControl it used to sit in.
        <FormHelperText id={helpId} error={error} variant="outlined">
          {help}
        </FormHelperText>
      )}
    </div>
  );
}) as <T extends string>(props: GroupProps<T>) => ReactNode;

/**
 * The payout method, then its PSPs, both as radio buttons: every PSP of the type is on screen at
 * once (a corridor offers one to three per type), one click or arrow key picks it, and there is
 * no menu to open and close first. A type with a single PSP picks it.
 */
export function MethodChoice({
  corridor,
  form,
  type,
  provider,
  typeProblem,
  providerProblem,
  onChange,
  typeGroupRef,
  providerGroupRef,
}: MethodChoiceProps) {
  // The groups' handlers stay the same functions (the groups are memoised); they read these.
  const latest = useLatest({ form, type, onChange });
  const [handlers] = useState(() => ({
    pickType: (next: PayoutMethodType): void => {
      const nextProviders = latest.current.form.providersByType[next];
      // One PSP is no choice: pick it.
      latest.current.onChange({
        type: next,
        provider: nextProviders.length === 1 ? (nextProviders[0]?.name ?? '') : '',
      });
    },
    pickProvider: (name: string): void => {
      const current = latest.current.type;
      if (current !== '') latest.current.onChange({ type: current, provider: name });
    },
  }));
  const offered = form.methodTypes;
  const typeOptions = useMemoList(
    offered.map((t) => ({ value: t, label: PAYOUT_METHOD_TYPE_TITLES[t] })),
  );
  const providers = type === '' ? [] : form.providersByType[type];
  const providerOptions = useMemoList(providers.map((p) => ({ value: p.name, label: p.title })));
  const notOffered = PAYOUT_METHOD_TYPES.filter((t) => !offered.includes(t));
  const typeHelp =
    typeProblem ?? (notOffered.length > 0 ? notOfferedMessage(corridor, notOffered) : undefined);
  const chosen = providers.some((p) => p.name === provider) ? provider : '';

  return (
    <>
      <ChoiceGroup
        legend="Payout method"
        options={typeOptions}
        value={type}
        help={typeHelp}
        error={typeProblem !== undefined}
        onPick={handlers.pickType}
        groupRef={typeGroupRef}
      />
      {type === '' ? null : (
        <ChoiceGroup
          legend="PSP"
          options={providerOptions}
          value={chosen}
          help={providerProblem}
          error={providerProblem !== undefined}
          onPick={handlers.pickProvider}
          groupRef={providerGroupRef}
          noClickRipple
        />
      )}
    </>
  );
}

/** The same array as last render while its items are the same (values and labels). */
function useMemoList<T extends { value: string; label: string }>(list: T[]): T[] {
  const signature = list.map((item) => `${item.value}\u0000${item.label}`).join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the items
  return useMemo(() => list, [signature]);
}
