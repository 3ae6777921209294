import type { ApiRoute } from '@shortlist/domain/contract';
import { createContext, useContext } from 'react';

/**
 * Which reads a change makes stale, for one app: each command route (the key) lists every route
 * whose cached answers show what that command changes. One table per app, so a new command or a
 * new screen showing old data is fixed in one place, never by invalidations scattered over screens.
 */
export type StaleAfter = ReadonlyMap<ApiRoute, readonly ApiRoute[]>;

/**
 * An app hands its table over as a loader: the table names the contract's routes (and so their
 * schemas), which the app's shell must not pull into its first load; the first command a screen
 * runs has loaded the contract already, so the table costs nothing then.
 */
export type StaleAfterSource = StaleAfter | (() => Promise<StaleAfter>);

/** Builds an app's table; a command listed twice is a mistake the table refuses. */
export function staleAfter(
  entries: readonly (readonly [command: ApiRoute, reads: readonly ApiRoute[]])[],
): StaleAfter {
  const table = new Map<ApiRoute, readonly ApiRoute[]>();
  for (const [command, reads] of entries) {
    if (table.has(command)) {
      throw new Error(`${command.method} ${command.path} is listed twice in the stale-after table`);
    }
    table.set(command, reads);
  }
  return table;
}

/** The table of the app, loaded once on first use. */
export type LoadStaleAfter = () => Promise<StaleAfter>;

const NOTHING_STALE: StaleAfter = new Map();

/** A source as a loader that loads it once. */
export function staleAfterLoader(source: StaleAfterSource = NOTHING_STALE): LoadStaleAfter {
  if (typeof source !== 'function') return () => Promise.resolve(source);
  let loaded: Promise<StaleAfter> | null = null;
  return () => {
    // A chunk that failed to load (offline a moment) must not fail every command after it: that
    // command refreshes nothing, and the next one tries the chunk again.
    loaded ??= source().catch(() => {
      loaded = null;
      return NOTHING_STALE;
    });
    return loaded;
  };
}

export const StaleAfterContext = createContext<LoadStaleAfter>(staleAfterLoader());

/** The app's table loader (see ApiClientProvider's `staleAfter`). */
export function useStaleAfterTable(): LoadStaleAfter {
  return useContext(StaleAfterContext);
}

/** The reads a command makes stale in this app (none when the app lists nothing for it). */
export function useStaleAfter(command: ApiRoute): () => Promise<readonly ApiRoute[]> {
  const load = useContext(StaleAfterContext);
  return async () => (await load()).get(command) ?? [];
}
