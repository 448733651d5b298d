import type { ReactNode } from 'react';
import { EmptyView } from '@/components/empty-view';
import { RouteHeading } from '@/components/route-heading';
import { useSessionIndexCode } from '@/hooks/use-index-code';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { goToLogin } from '@/lib/login-redirect';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';

/**
 * The one logged-out view (decision 0028): an `auth: 'required'` row shows a guest its `guest`
 * line and a 登录 button instead of the screen, which never mounts without a customer. The login
 * keeps the product line (the screen's indexCode, else the session's: decision 0023; a tabbed
 * screen's URL gets the session's too, a render later: decision 0056) and returns through
 * /transferPage1 from a new-theme screen (decision 0008).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const meta = useRouteMeta();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const indexCode = useSessionIndexCode();
  if (meta.auth !== 'required' || loggedIn) return children;

  const transferPage = meta.variant === 'new' ? '/transferPage1' : '/transferPage';
  return (
    <div className={`guest-view${meta.variant === 'new' ? ' theme-new' : ''}`}>
      {meta.guest?.heading ? <h1 className="visually-hidden">{meta.guest.heading}</h1> : <RouteHeading />}
      <EmptyView text={meta.guest?.text ?? '登录后查看'} onLogin={() => goToLogin({ indexCode, transferPage })} />
    </div>
  );
}
