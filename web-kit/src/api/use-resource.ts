import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from './api-error';

/** What a screen draws while data loads: loading, the data, or the failure (with Retry). */
export type ResourceState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

export type Resource<T> = ResourceState<T> & {
  /** Loads again (Retry). */
  reload: () => void;
  /** Replaces the loaded data in place, e.g. with the order a PATCH answered. */
  setData: (data: T) => void;
};

const loading = { status: 'loading', data: null, error: null } as const;

/**
 * Loads data for a screen and aborts it on unmount. It reloads whenever `key` changes (the
 * order id, the e-mail), so `load` may close over the values that make up the key.
 * `key` null means "nothing to load yet" and keeps the loading state.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>(loading);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry trigger.
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState(loading);
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState({ status: 'error', data: null, error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  return { ...state, reload, setData };
}
