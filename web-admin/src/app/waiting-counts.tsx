import { getAdminDashboardRoute, type RouteResponse } from '@shortlist/domain/contract';
import { useApiQuery } from '@shortlist/web-kit';
import { useEffect } from 'react';

export type Waiting = RouteResponse<typeof getAdminDashboardRoute>;

/**
 * Reads what waits (the dashboard's counts) for the navigation's badges and hands it to the
 * layout; draws nothing. A module of its own, loaded beside the first screen, so the frame
 * itself needs neither the query library nor the contract's schemas.
 */
export function WaitingCounts({ onRead }: { onRead: (waiting: Waiting) => void }) {
  const waiting = useApiQuery(getAdminDashboardRoute, {}, { staleTime: 60_000 }).data;
  useEffect(() => {
    if (waiting) onRead(waiting);
  }, [waiting, onRead]);
  return null;
}
