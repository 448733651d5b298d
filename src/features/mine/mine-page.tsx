import { maskPhone } from '@contract/validation';
import { EmptyView } from '@/components/empty-view';
import { goToLogin } from '@/lib/login-redirect';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { useIndexCode } from '@/hooks/use-index-code';
import { UserAvatar } from './user-avatar';

/** /mine: the personal centre (SPEC §2). Logged out, it offers login. */
export default function MinePage() {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userInfo = useUserStore((s) => s.userInfo);
  const indexCode = useIndexCode();

  if (!loggedIn || !userInfo) {
    return (
      <div className="mine mine--guest">
        <EmptyView text="登录后查看您的权益和服务" onLogin={() => goToLogin({ indexCode })} />
      </div>
    );
  }

  return (
    <div className="mine">
      <header className="mine__header">
        <UserAvatar url={userInfo.headUrl} name={userInfo.nickname} />
        <div className="mine__who">
          <p className="mine__name">{userInfo.nickname}</p>
          <p className="mine__phone">{maskPhone(userInfo.mobilePhone)}</p>
        </div>
      </header>
    </div>
  );
}
