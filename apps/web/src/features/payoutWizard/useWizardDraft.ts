import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { DraftStorage } from './draftStorage.js';
import { STEP, type WizardDraft } from './wizardDraft.js';

/**
 * How long after the last keystroke in the PSP section the draft is written to storage. A step
 * change, a send, leaving the page and unmounting write it at once.
 */
export const DRAFT_SAVE_DELAY_MS = 300;

/** A draft from storage resumes at the recipient step at the latest: sensitive values were not kept. */
function restored(draft: WizardDraft): WizardDraft {
  if (draft.createdPayoutId !== null) return { ...draft, step: STEP.result };
  return draft.step > STEP.recipient ? { ...draft, step: STEP.recipient } : draft;
}

export interface WizardDraftState {
  /** The draft the wizard renders. */
  draft: WizardDraft;
  /**
   * The latest draft: `draft` plus the section values typed since the wizard last rendered. They
   * stay in the section's form while typed (a keystroke does not re-render the wizard) and reach
   * `draft` with the next `save`.
   */
  draftRef: RefObject<WizardDraft>;
  /** Stores `next` at once and renders it. */
  save: (next: WizardDraft) => void;
  /** `save` of the latest draft with `patch`. */
  update: (patch: Partial<WizardDraft>) => void;
  /** Keeps `next` as the latest draft without a render; stored after DRAFT_SAVE_DELAY_MS. */
  keepSoon: (next: WizardDraft) => void;
  /** Whether the draft came back from storage (and the notice is still shown). */
  wasRestored: boolean;
  dismissRestored: () => void;
}

/**
 * The wizard's draft: read once from storage (or new), written back at every change (keystrokes
 * a moment later, and at once when the page is hidden or left), so a reload resumes it.
 */
export function useWizardDraft(
  storage: DraftStorage,
  fresh: () => WizardDraft,
  options: {
    /**
     * Show a finished draft's result again (a reload, back or forward). Opened from a "New
     * payout" link, a finished draft is done with: a fresh wizard starts.
     */
    resumeFinished?: boolean;
  } = {},
): WizardDraftState {
  const [initial] = useState(() => {
    const stored = storage.load();
    const saved =
      stored && stored.createdPayoutId !== null && options.resumeFinished === false
        ? undefined
        : stored;
    return saved
      ? { draft: restored(saved), wasRestored: saved.createdPayoutId === null }
      : { draft: fresh(), wasRestored: false };
  });
  const [draft, setDraft] = useState<WizardDraft>(initial.draft);
  const draftRef = useRef<WizardDraft>(initial.draft);
  const saveTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [wasRestored, setWasRestored] = useState(initial.wasRestored);

  /** Writes the draft now if a delayed save is waiting. */
  const flushSave = useCallback((): void => {
    if (saveTimerRef.current === null) return;
    clearTimeout(saveTimerRef.current);
    saveTimerRef.current = null;
    storage.save(draftRef.current);
  }, [storage]);
  useEffect(() => {
    const onHide = (): void => flushSave();
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') flushSave();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flushSave();
    };
  }, [flushSave]);

  const save = (next: WizardDraft): void => {
    if (saveTimerRef.current !== null) {
      clearTimeout(saveTimerRef.current);
      saveTimerRef.current = null;
    }
    draftRef.current = next;
    storage.save(next);
    setDraft(next);
  };

  return {
    draft,
    draftRef,
    save,
    update: (patch) => save({ ...draftRef.current, ...patch }),
    keepSoon: (next) => {
      draftRef.current = next;
      if (saveTimerRef.current !== null) clearTimeout(saveTimerRef.current);
      saveTimerRef.current = setTimeout(() => {
        saveTimerRef.current = null;
        storage.save(draftRef.current);
      }, DRAFT_SAVE_DELAY_MS);
    },
    wasRestored,
    dismissRestored: () => setWasRestored(false),
  };
}
