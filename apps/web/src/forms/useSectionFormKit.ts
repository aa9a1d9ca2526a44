import { useEffect, useState } from 'react';
import type * as SectionFormKitModule from './sectionFormKit.js';

export type SectionFormKit = typeof SectionFormKitModule;

let loaded: SectionFormKit | undefined;
let loading: Promise<SectionFormKit> | undefined;

/** Starts loading the kit (once per page life; again after a failure). */
export function loadSectionFormKit(): Promise<SectionFormKit> {
  loading ??= import('./sectionFormKit.js').then(
    (kit) => (loaded = kit),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export interface SectionFormKitState {
  /** Undefined until loaded: treat it like data still loading. */
  kit: SectionFormKit | undefined;
  /** The chunk could not be loaded (offline, a new deployment); `retry` tries again. */
  error: unknown;
  retry: () => void;
}

/**
 * The section-form kit, loading from the component's first render: a page asks for it when it
 * mounts, long before its first PSP section is needed, so the section is there when the user is.
 */
export function useSectionFormKit(): SectionFormKitState {
  const [state, setState] = useState<{ kit: SectionFormKit | undefined; error: unknown }>({
    kit: loaded,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state.kit) return;
    let live = true;
    loadSectionFormKit().then(
      (kit) => live && setState({ kit, error: null }),
      (error: unknown) => live && setState({ kit: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [state.kit, attempt]);
  return {
    ...state,
    retry: () => {
      setState({ kit: undefined, error: null });
      setAttempt((n) => n + 1);
    },
  };
}
