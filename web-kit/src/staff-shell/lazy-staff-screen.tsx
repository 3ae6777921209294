import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingState } from '../feedback/spinner';

/** Whether the page was opened at `path` under the app's `basename` (its own address, cold). */
function openedAt(basename: string, path: string): boolean {
  const relative = path.startsWith('/') ? path : `/${path}`;
  // The landing page ('/') is the app's own address, with or without its trailing slash.
  const target = `${basename}${relative}`.replace(/\/+$/, '');
  return window.location.pathname.replace(/\/+$/, '') === target;
}

/**
 * A staff app's screen (admin, influencer) in a chunk of its own, fetched when it is first
 * shown: the first load carries the shell, the guard and the landing screen, not every screen.
 * The shell stays drawn meanwhile. When the app opens at the screen's own address, the chunk is
 * requested at once, while the shell renders, instead of once the shell has drawn it, and so
 * are the screen's first reads when it names them (`prefetch`: see PrefetchingApiClient).
 */
export function lazyStaffScreen<Name extends string>(
  basename: string,
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  prefetch?: () => void,
) {
  if (openedAt(basename, path)) {
    load().catch(() => {}); // a failure shows when the screen imports it
    prefetch?.();
  }
  const Screen = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<LoadingState />}>
      <Screen />
    </Suspense>
  );
}
