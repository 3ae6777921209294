import type { ApiRoute } from '@shortlist/domain/contract';
import { createContext, useContext } from 'react';

/**
 * Which reads a change makes stale, for one app: each command route (the key) lists every route
 * whose cached answers show what that command changes. One table per app, so a new command or a
 * new screen showing old data is fixed in one place, never by invalidations scattered over screens.
 */
export type StaleAfter = ReadonlyMap<ApiRoute, readonly ApiRoute[]>;

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

export const StaleAfterContext = createContext<StaleAfter>(new Map());

/** The reads a command makes stale in this app (none when the app lists nothing for it). */
export function useStaleAfter(command: ApiRoute): readonly ApiRoute[] {
  return useContext(StaleAfterContext).get(command) ?? [];
}
