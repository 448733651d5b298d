import { useEffect, useState } from 'react';

export interface NavigationProgressProps {
  active: boolean;
}

/** A slim bar at the top while a screen's chunk takes longer than 300 ms (DESIGN §7 "Feel"). */
export function NavigationProgress({ active }: NavigationProgressProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, [active]);
  return <div className={`nav-progress${visible ? ' nav-progress--on' : ''}`} role="progressbar" aria-hidden={!visible} aria-label="页面加载中" />;
}
