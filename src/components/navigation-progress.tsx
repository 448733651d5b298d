import { useEffect, useState, useSyncExternalStore } from 'react';
import { isDataWaiting, subscribeDataWait } from '@/lib/data-wait';

export interface NavigationProgressProps {
  active: boolean;
}

/**
 * A slim bar at the top while a screen's chunk (`active`: the router's navigation) or its first
 * data (a loading `<PageState>`) takes longer than 300 ms (docs/product.md §11.6).
 */
export function NavigationProgress({ active }: NavigationProgressProps) {
  const [visible, setVisible] = useState(false);
  const dataWaiting = useSyncExternalStore(subscribeDataWait, isDataWaiting, () => false);
  const waiting = active || dataWaiting;
  useEffect(() => {
    if (!waiting) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, [waiting]);
  return (
    <div
      className={`nav-progress${visible ? ' nav-progress--on' : ''}`}
      role="progressbar"
      aria-hidden={!visible}
      aria-label="页面加载中"
    />
  );
}
