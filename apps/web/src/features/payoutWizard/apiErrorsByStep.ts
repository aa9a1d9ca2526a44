import type { FieldError } from '@payouts/contracts';
import { STEP, type CorridorField, type WizardStep } from './wizardDraft.js';

export interface WizardApiErrors {
  corridor: Partial<Record<CorridorField, string>>;
  method: Partial<Record<'payout_method_type' | 'provider', string>>;
  /** Per metadata field name. */
  metadata: Record<string, string>;
  /** Problems that belong to no field the user can edit. */
  general: string[];
}

export const NO_API_ERRORS: WizardApiErrors = {
  corridor: {},
  method: {},
  metadata: {},
  general: [],
};

const CORRIDOR_FIELDS: readonly string[] = ['country', 'currency', 'state', 'amount', 'order_id'];

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Sorts the BFF's field errors (JSON Pointers into the payout body) onto the wizard's fields,
 * and names the first step that has one, to send the user there.
 */
export function apiErrorsByStep(errors: readonly FieldError[]): {
  errors: WizardApiErrors;
  firstStep: WizardStep | null;
} {
  const out: WizardApiErrors = { corridor: {}, method: {}, metadata: {}, general: [] };
  for (const { pointer, message } of errors) {
    const [, top = '', field, ...rest] = pointer.split('/').map(unescape);
    if (CORRIDOR_FIELDS.includes(top) && field === undefined) {
      out.corridor[top as CorridorField] ??= message;
    } else if ((top === 'payout_method_type' || top === 'provider') && field === undefined) {
      out.method[top] ??= message;
    } else if (top === 'metadata' && field !== undefined && field !== '' && rest.length === 0) {
      out.metadata[field] ??= message;
    } else {
      out.general.push(message);
    }
  }
  const firstStep =
    Object.keys(out.corridor).length > 0
      ? STEP.corridor
      : Object.keys(out.method).length + Object.keys(out.metadata).length > 0
        ? STEP.recipient
        : null;
  return { errors: out, firstStep };
}
