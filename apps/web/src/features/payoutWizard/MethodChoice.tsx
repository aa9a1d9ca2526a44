import FormControl from '@mui/material/FormControl';
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
import { useId, type Ref } from 'react';
import { notOfferedMessage } from './noProviderMessage.js';

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
  const typeLabelId = useId();
  const typeHelpId = useId();
  const pspLabelId = useId();
  const pspHelpId = useId();
  const offered = form.methodTypes;
  const notOffered = PAYOUT_METHOD_TYPES.filter((t) => !offered.includes(t));
  const providers = type === '' ? [] : form.providersByType[type];
  const typeHelp =
    typeProblem ?? (notOffered.length > 0 ? notOfferedMessage(corridor, notOffered) : undefined);
  const chosen = providers.some((p) => p.name === provider) ? provider : '';

  return (
    <>
      <FormControl error={typeProblem !== undefined} required>
        <FormLabel id={typeLabelId}>Payout method</FormLabel>
        <RadioGroup
          ref={typeGroupRef}
          aria-labelledby={typeLabelId}
          aria-describedby={typeHelp === undefined ? undefined : typeHelpId}
          value={type}
          onChange={(event) => {
            const next = event.target.value as PayoutMethodType;
            const nextProviders = form.providersByType[next];
            // One PSP is no choice: pick it.
            onChange({
              type: next,
              provider: nextProviders.length === 1 ? (nextProviders[0]?.name ?? '') : '',
            });
          }}
        >
          {offered.map((t) => (
            <FormControlLabel
              key={t}
              value={t}
              control={<Radio />}
              label={PAYOUT_METHOD_TYPE_TITLES[t]}
            />
          ))}
        </RadioGroup>
        {typeHelp === undefined ? null : (
          <FormHelperText id={typeHelpId}>{typeHelp}</FormHelperText>
        )}
      </FormControl>
      {type === '' ? null : (
        <FormControl error={providerProblem !== undefined} required>
          <FormLabel id={pspLabelId}>PSP</FormLabel>
          <RadioGroup
            ref={providerGroupRef}
            aria-labelledby={pspLabelId}
            aria-describedby={providerProblem === undefined ? undefined : pspHelpId}
            value={chosen}
            onChange={(event) => onChange({ type, provider: event.target.value })}
          >
            {providers.map((p) => (
              <FormControlLabel
                key={p.name}
                value={p.name}
                // No ripple on the click that shows the section (an animation competing with it);
                // the keyboard focus ripple stays, it is the focus indicator.
                control={<Radio disableTouchRipple />}
                label={p.title}
              />
            ))}
          </RadioGroup>
          {providerProblem === undefined ? null : (
            <FormHelperText id={pspHelpId}>{providerProblem}</FormHelperText>
          )}
        </FormControl>
      )}
    </>
  );
}
