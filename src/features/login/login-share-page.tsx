import { Link, useSearchParams } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { env } from '@/config/env';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { goToShareLogin } from '@/lib/login-redirect';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { indexCodeFrom } from './complete-login';
import { LoginHero } from './login-hero';
import { SignedIn } from './signed-in';
import './login.css';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const validId = (value: string | null) => (value && ID_PATTERN.test(value) ? value : '');

/**
 * /loginShare and /loginShareMn (docs/product.md §2, docs/product.md §4.2): a share link's `promoterId` and
 * `agentId` are saved in the store before the login redirect; the transfer page sends them
 * with ck, so the new customer is attributed to the agent. /loginShare is reached from /share,
 * /loginShareMn from a share link of the Mn partner channel (decision 0025). Not kept alive.
 */
export default function LoginSharePage() {
  const [params] = useSearchParams();
  const isLoggedIn = useUserStore(selectIsLoggedIn);
  const mn = useRouteMeta().variant === 'mn';
  const promoterId = validId(params.get('promoterId'));
  // An agentId that fails the check is dropped; the promoterId alone still attributes.
  const agentId = promoterId ? validId(params.get('agentId')) : '';
  const indexCode = indexCodeFrom(params.get('indexCode'));

  function startLogin() {
    goToShareLogin(promoterId ? { promoterId, agentId } : null, {
      transferPage: mn ? '/transferPageMn' : '/transferPage',
      source: mn ? env.sourceMn : env.source,
      indexCode,
    });
  }

  return (
    <div className={`login login--${mn ? 'gold' : 'blue'}`}>
      <LoginHero
        tone={mn ? 'gold' : 'blue'}
        badge={mn ? '合作渠道专享' : undefined}
        title="邀您加入健康服务平台"
        subtitle="登录后即可查看保单附带的健康权益，享受问诊、体检等健康服务"
      />
      <PageState loading={false}>
        <div className="login__card">
          {promoterId ? (
            <div className="login__invite">
              <p className="login__invite-title">您的专属健康顾问邀请您使用</p>
              <p className="login__invite-id">顾问编号 {agentId || promoterId}</p>
              <p className="login__invite-text">登录后，您的健康顾问将为您提供权益咨询和服务预约协助。</p>
            </div>
          ) : (
            <p className="login__invite login__invite--invalid" role="alert">
              邀请链接不完整或已失效，您仍可直接登录使用。
            </p>
          )}
          {isLoggedIn ? (
            <SignedIn text="您已登录，可直接使用健康服务" indexCode={indexCode} />
          ) : (
            <button type="button" className="app-button app-button--primary app-button--block" onClick={startLogin}>
              {promoterId ? '接受邀请并登录' : '手机号登录'}
            </button>
          )}
          <p className="login__note">
            登录即表示您同意<Link to="/portal/agreement/user/v2">《平台用户协议》</Link>
          </p>
        </div>
      </PageState>
    </div>
  );
}
