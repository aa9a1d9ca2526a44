import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftStorage } from './draftStorage.js';
import { DRAFT_SAVE_DELAY_MS, useWizardDraft } from './useWizardDraft.js';
import { newDraft, STEP, type WizardDraft } from './wizardDraft.js';

/** A storage that records what was written, starting from `stored`. */
function recordingStorage(stored: WizardDraft | null = null) {
  const writes: WizardDraft[] = [];
  const storage: DraftStorage = {
    load: () => stored,
    save: (draft) => void writes.push(draft),
    clear: () => {},
  };
  return { storage, writes };
}

const fresh = () => newDraft('PO-1', 'key-1');

describe('useWizardDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a new draft when nothing is stored, and resumes a stored one at the recipient step at the latest', () => {
    const empty = renderHook(() => useWizardDraft(recordingStorage().storage, fresh));
    expect(empty.result.current.draft).toEqual(fresh());
    expect(empty.result.current.wasRestored).toBe(false);

    const atReview = { ...fresh(), step: STEP.review };
    const resumed = renderHook(() => useWizardDraft(recordingStorage(atReview).storage, fresh));
    expect(resumed.result.current.draft.step).toBe(STEP.recipient);
    expect(resumed.result.current.wasRestored).toBe(true);
    act(() => resumed.result.current.dismissRestored());
    expect(resumed.result.current.wasRestored).toBe(false);

    // A payout already made: the result again, and no "restored" notice.
    const made = { ...fresh(), step: STEP.review, createdPayoutId: 'p_1' };
    const done = renderHook(() => useWizardDraft(recordingStorage(made).storage, fresh));
    expect(done.result.current.draft.step).toBe(STEP.result);
    expect(done.result.current.wasRestored).toBe(false);

    // Opened from "New payout" after it was made: a fresh wizard, not the last result.
    const again = renderHook(() =>
      useWizardDraft(recordingStorage(made).storage, fresh, { resumeFinished: false }),
    );
    expect(again.result.current.draft).toEqual(fresh());
    expect(again.result.current.wasRestored).toBe(false);
  });

  it('stores a change at once, and keystrokes a moment after the last one, without a render', () => {
    const { storage, writes } = recordingStorage();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useWizardDraft(storage, fresh);
    });

    act(() => result.current.update({ step: STEP.recipient }));
    expect(writes.map((d) => d.step)).toEqual([STEP.recipient]);
    expect(result.current.draft.step).toBe(STEP.recipient);

    const before = renders;
    act(() => result.current.keepSoon({ ...result.current.draftRef.current, metadata: { a: 1 } }));
    act(() => result.current.keepSoon({ ...result.current.draftRef.current, metadata: { a: 12 } }));
    expect(renders).toBe(before);
    expect(result.current.draftRef.current.metadata).toEqual({ a: 12 });
    act(() => void vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1));
    expect(writes).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(writes.map((d) => d.metadata)).toEqual([{}, { a: 12 }]);
    // The rendered draft catches up with the next change.
    act(() => result.current.update({ step: STEP.review }));
    expect(result.current.draft).toMatchObject({ step: STEP.review, metadata: { a: 12 } });
  });

  it('writes a waiting keystroke when the page is hidden or the wizard goes away', () => {
    const { storage, writes } = recordingStorage();
    const { result, unmount } = renderHook(() => useWizardDraft(storage, fresh));

    act(() => result.current.keepSoon({ ...fresh(), metadata: { a: 1 } }));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(writes.map((d) => d.metadata)).toEqual([{ a: 1 }]);

    act(() => result.current.keepSoon({ ...fresh(), metadata: { a: 2 } }));
    unmount();
    expect(writes.map((d) => d.metadata)).toEqual([{ a: 1 }, { a: 2 }]);
    // Nothing waits any more: the timer was cleared with the write.
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    expect(writes).toHaveLength(2);
  });
});
