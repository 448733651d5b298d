import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate, useNavigation, useNavigationType } from 'react-router-dom';
import { NavigationProgress } from '@/components/navigation-progress';
import { OfflineNotice } from '@/components/offline-notice';
import { TabBar } from '@/components/tab-bar';
import { usePageViews } from '@/hooks/use-page-views';
import { useUnreadRefresh } from '@/hooks/use-unread-refresh';
import { restoreScroll, savedScroll, scrollToTop } from '@/lib/scroll-memory';
import { useThemeStore } from '@/stores/theme';
import { indexCodeChanged, selectIsLoggedIn, useUserStore } from '@/stores/user';
import { searchWithIndexCode } from './index-code';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { prefetchNext } from './prefetch';
import { PrivacyGate } from './privacy-gate';
import { followHistory, type HistoryMirror } from './scroll';
import type { RouteHandle } from './title';

/**
 * The shell around every screen: keep-alive outlet (inside the page's one `<main>`, so a screen
 * never declares its own), scroll per navigation, the tab bar of the route, the navigation
 * progress bar and the offline notice.
 */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const matches = useMatches();
  const theme = useThemeStore((s) => s.theme);
  const loggedIn = useUserStore(selectIsLoggedIn);
  const handle = (matches[matches.length - 1]?.handle as RouteHandle | undefined) ?? {
    path: location.pathname,
    auth: 'optional',
  };
  const indexCode = new URLSearchParams(location.search).get('indexCode');
  // The unread badge stays current; each navigation is one page view.
  useUnreadRefresh();
  usePageViews();

  // docs/product.md §2: back restores the position; every other navigation (forward too) starts at the top.
  const history = useRef<HistoryMirror>({ keys: [], at: -1 });
  useLayoutEffect(() => {
    const back = followHistory(history.current, location.key, navigationType);
    const y = back ? savedScroll(location.key) : undefined;
    if (y === undefined) scrollToTop();
    else restoreScroll(y);
  }, [location.key, navigationType]);

  // docs/product.md §2: every tabbed route carries indexCode (default 'index').
  useEffect(() => {
    if (!handle.tabBar) return;
    const search = searchWithIndexCode(location.search);
    if (search) navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
    else if (indexCode) indexCodeChanged(indexCode);
  }, [handle.tabBar, indexCode, location.pathname, location.search, location.hash, navigate]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // The app has started: index.html's start watchdog stands down (decision 0058).
  useEffect(() => {
    window.__appStarted?.();
  }, []);

  // The likely next screens' chunks, once this one has settled (decision 0031).
  useEffect(() => prefetchNext(handle.path, loggedIn), [handle.path, loggedIn]);

  return (
    <div className={`app${handle.tabBar ? ' app--tabbed' : ''}`}>
      <NavigationProgress active={navigation.state !== 'idle'} />
      {/* The one landmark of the screen's content; the tab bar and the overlays stay outside. */}
      <main>
        <KeepAliveOutlet meta={handle} />
      </main>
      {handle.tabBar && <TabBar variant={handle.tabBar} current={handle.path} />}
      <OfflineNotice />
      <PrivacyGate />
    </div>
  );
}
