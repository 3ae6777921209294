import { saveResumeDraftRoute } from '@shortlist/domain/contract';
import { useApiMutation } from '@shortlist/web-kit';
import { useEffect, useRef, useState } from 'react';
import { type StoredDraft, saveDraft, toServerDraft } from './resume-draft';

/** How long typing must pause before the draft goes to the server. */
export const AUTOSAVE_DELAY_MS = 1000;

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface DraftAutosave {
  status: AutosaveStatus;
  /**
   * Resolves once no save is on its way. The order must be placed after the last save has
   * landed: the server drops the draft with the order, and a save arriving later would bring
   * it back.
   */
  settled(): Promise<void>;
}

/**
 * Saves the builder's draft as it is typed: at once in this tab (a reload keeps every
 * keystroke), and to the server once typing pauses, so another device finds it. Only a change
 * after the first render is saved: opening the builder writes nothing. `active` false (the
 * order is being placed) stops every save, pending ones included.
 */
export function useDraftAutosave(state: StoredDraft, active: boolean): DraftAutosave {
  const { mutateAsync } = useApiMutation(saveResumeDraftRoute);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const [status, setStatus] = useState<AutosaveStatus>(state.synced === false ? 'pending' : 'idle');
  const first = useRef(true);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (!active) return;
    const changed = !first.current;
    first.current = false;
    // A tab's copy the server never got is sent as soon as the builder opens with it.
    if (!changed && state.synced !== false) return;
    saveDraft({ ...state, synced: false });
    setStatus('pending');
    const timer = setTimeout(() => {
      setStatus('saving');
      const sent = mutateAsync({ body: toServerDraft(state) }).then(
        () => {
          // Only the draft that was sent is marked synced; a newer one has its own save coming.
          if (latest.current === state) saveDraft({ ...state, synced: true });
          setStatus((current) => (current === 'saving' ? 'saved' : current));
        },
        () => setStatus((current) => (current === 'saving' ? 'failed' : current)),
      );
      inFlight.current = sent;
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, active, mutateAsync]);

  return {
    status: active ? status : 'idle',
    settled: async () => {
      await inFlight.current;
    },
  };
}
