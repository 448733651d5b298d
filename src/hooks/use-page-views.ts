import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { track } from '@/lib/track';
import { whenSettled } from '@/lib/when-settled';

/**
 * One 'page_view' analytics event per navigation: page = pathname, indexCode from
 * the query (else the store). A replace that keeps the pathname (the layout adding
 * `indexCode`, a tab switch inside /rights) is the same view and is not counted again.
 */
export function usePageViews(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const last = useRef<{ key: string; pathname: string }>(undefined);

  useEffect(() => {
    const previous = last.current;
    // StrictMode runs this twice for one location; a replace on the same path is the same view.
    if (previous?.key === location.key) return;
    last.current = { key: location.key, pathname: location.pathname };
    if (previous && navigationType === 'REPLACE' && previous.pathname === location.pathname) return;
    // The query is not sent: it can hold a one-time login ticket (/transferPage?ticket=…).
    // First screen (decision 0003): queued once the first screen has settled (the sender loads the request client);
    // not cancelled on cleanup, so a quick navigation still counts the view it leaves.
    const page = location.pathname;
    whenSettled(() => track('page_view', { navigation: navigationType }, { page }));
  }, [location.key, location.pathname, navigationType]);
}
