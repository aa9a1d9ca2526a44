import { useEffect, useState } from 'react';
import type * as BatchFileKitModule from './batchFileKit.js';

export type BatchFileKit = typeof BatchFileKitModule;

let loaded: BatchFileKit | undefined;
let loading: Promise<BatchFileKit> | undefined;

/** Starts loading the kit (once per page life; again after a failure). */
function loadBatchFileKit(): Promise<BatchFileKit> {
  loading ??= import('./batchFileKit.js').then(
    (kit) => (loaded = kit),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export interface BatchFileKitState {
  /** Undefined until loaded (or while not wanted yet): treat it like data still loading. */
  kit: BatchFileKit | undefined;
  /** The chunk could not be loaded (offline, a new deployment); `retry` tries again. */
  error: unknown;
  retry: () => void;
}

/**
 * The batch-file kit, loading from the first render where `wanted` is true (the new-batch page:
 * once a corridor is chosen, while its PSPs load), so the template's columns are there when the
 * type and PSP are, and the corridor picker never downloads it.
 */
export function useBatchFileKit(wanted: boolean): BatchFileKitState {
  const [state, setState] = useState<{ kit: BatchFileKit | undefined; error: unknown }>({
    kit: loaded,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || state.kit) return;
    let live = true;
    loadBatchFileKit().then(
      (kit) => live && setState({ kit, error: null }),
      (error: unknown) => live && setState({ kit: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.kit, attempt]);
  return {
    ...state,
    retry: () => {
      setState({ kit: undefined, error: null });
      setAttempt((n) => n + 1);
    },
  };
}
