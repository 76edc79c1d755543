import { useEffect, useEffectEvent } from 'react';
import type { TReach } from '@rally/domain';

/**
 * Tells the parent the reach of the current selection once it is known. Only the figures
 * themselves trigger a report, so a parent that re-renders with a new callback each time
 * is not told again (and cannot loop).
 */
export function useReportReach(current: TReach | undefined, onReachChange: ((reach: TReach) => void) | undefined) {
  const report = useEffectEvent((reach: TReach) => onReachChange?.(reach));
  useEffect(() => {
    if (current) report(current);
  }, [current]);
}
