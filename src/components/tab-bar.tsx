import { useNavigate } from 'react-router-dom';
import { useSessionIndexCode } from '@/hooks/use-index-code';
import { goToLogin } from '@/lib/login-redirect';
import { type LinkedPath, withIndexCode } from '@/lib/paths';
import { useThemeStore } from '@/stores/theme';
import { useUnreadStore } from '@/stores/unread';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { TabIcon, type TabIconName } from './tab-icons';

export interface TabBarProps {
  /** Bar one: /index and /mine, icons by theme. Bar two: /indexNew and /mineNew, teal/grey. */
  variant: 'one' | 'two';
  /** The route table's path of the screen shown (its tab is the current one). */
  current: string;
}

interface Tab {
  key: TabIconName;
  path: LinkedPath;
  label: string;
}

const bars: Record<TabBarProps['variant'], Tab[]> = {
  one: [
    { key: 'home', path: '/index', label: '首页' },
    { key: 'mine', path: '/mine', label: '我的' },
  ],
  two: [
    { key: 'home', path: '/indexNew', label: '首页' },
    { key: 'mine', path: '/mineNew', label: '我的' },
  ],
};

/**
 * The bottom tab bars (docs/product.md §2). A tap without a bound mobilePhone saves the current full path
 * and goes to the login gateway (bar two does the same, returning through /transferPage1:
 * docs/product.md §2.3). Every tabbed route carries `indexCode` (default 'index'); a tap in the render
 * before the root layout has written it keeps the stored one (decision 0056).
 */
export function TabBar({ variant, current }: TabBarProps) {
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const theme = useThemeStore((s) => s.theme);
  const unread = useUnreadStore((s) => s.unreadCount);
  const indexCode = useSessionIndexCode();

  const onTap = (tab: Tab) => {
    if (!loggedIn) {
      goToLogin({ indexCode, transferPage: variant === 'one' ? '/transferPage' : '/transferPage1' });
      return;
    }
    if (tab.path !== current) navigate(withIndexCode(tab.path, indexCode));
  };

  return (
    <nav className={`tab-bar tab-bar--${variant}`} aria-label="底部导航">
      {bars[variant].map((tab) => {
        const active = tab.path === current;
        return (
          <button
            key={tab.key}
            type="button"
            className="tab-bar__item"
            aria-current={active ? 'page' : undefined}
            onClick={() => onTap(tab)}
          >
            <span className="tab-bar__icon">
              <TabIcon name={tab.key} theme={variant === 'one' ? theme : 'indexNew'} active={active} />
              {tab.key === 'mine' && loggedIn && unread > 0 && (
                <span className="tab-bar__badge" aria-label={`${unread}条未读消息`}>
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </span>
            <span className="tab-bar__label">{tab.label}</span>
          </button>
        );
      })}
    </nav>
  );
}
