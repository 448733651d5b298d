import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { env } from '@/config/env';
import { type RouteVariant, useRouteMeta } from '@/hooks/use-route-meta';
import { startLogin, type TransferPage } from '@/lib/login-redirect';
import { showToast } from '@/lib/toast';
import { useUserStore } from '@/stores/user';
import { maskPhone } from '@contract/validation';
import { indexCodeFrom } from './complete-login';
import { LoginHero, type LoginHeroProps } from './login-hero';
import { SignedIn } from './signed-in';
import './login.css';

interface EntryVariant {
  source: string;
  transferPage: TransferPage;
  /** /login2: the agreement must be ticked before the redirect (docs/product.md §4.2). */
  needsAgreement: boolean;
  hero: LoginHeroProps;
}

const classicHero: LoginHeroProps = {
  tone: 'blue',
  title: '健康服务平台',
  subtitle: '在线问诊、体检预约、齿科保健，保单附带的健康服务一站尽享',
};

/** The four branded entry pages of docs/product.md §2; only the Mn partner channel has its own source. */
function entryVariant(variant: RouteVariant | undefined): EntryVariant {
  switch (variant) {
    case 'festive':
      return {
        source: env.source,
        transferPage: '/transferPage',
        needsAgreement: false,
        hero: { tone: 'red', title: '健康服务平台', subtitle: '新年健康礼已备好，登录即可查看您的专属健康权益' },
      };
    case 'consent':
      return { source: env.source, transferPage: '/transferPage', needsAgreement: true, hero: classicHero };
    case 'mn':
      return {
        source: env.sourceMn,
        transferPage: '/transferPageMn',
        needsAgreement: false,
        hero: {
          tone: 'gold',
          badge: '合作渠道专享',
          title: '健康服务平台',
          subtitle: '合作伙伴客户专享的健康服务，登录后即可使用',
        },
      };
    default:
      return { source: env.source, transferPage: '/transferPage', needsAgreement: false, hero: classicHero };
  }
}

export const AGREEMENT_REQUIRED = '请先阅读并勾选同意《平台用户协议》和《第三方共享个人信息清单》';
const AGREEMENT_TOAST = '请先勾选同意协议';

const perks = [
  { title: '权益随身查', text: '保单附带的健康权益，次数和有效期一目了然' },
  { title: '服务一键约', text: '在线问诊、体检预约、就医绿通，出示核销码即可使用' },
  { title: '消息不错过', text: '服务进度和权益到期提醒，及时送达' },
];

/**
 * /login, /login1, /login2, /loginMn (docs/product.md §2): branded entry pages whose button starts the
 * login gateway redirect with the variant's `source` and the query's `indexCode` (docs/product.md §4.2).
 * They do not save themselves as the path to return to (that would loop back here).
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const phone = useUserStore((s) => s.userInfo?.mobilePhone);
  const [agreed, setAgreed] = useState(false);
  const [agreementHint, setAgreementHint] = useState(false);
  const variant = entryVariant(useRouteMeta().variant);
  const indexCode = indexCodeFrom(params.get('indexCode'));

  function logIn() {
    if (variant.needsAgreement && !agreed) {
      setAgreementHint(true);
      void showToast(AGREEMENT_TOAST);
      return;
    }
    startLogin({ transferPage: variant.transferPage, source: variant.source, indexCode });
  }

  return (
    <div className={`login login--${variant.hero.tone ?? 'blue'}`}>
      <LoginHero {...variant.hero} />
      <PageState loading={false}>
        <div className="login__card">
          <ul className="login__perks">
            {perks.map((perk) => (
              <li key={perk.title} className="login__perk">
                <span className="login__perk-dot" aria-hidden="true" />
                <span>
                  <strong className="login__perk-title">{perk.title}</strong>
                  <span className="login__perk-text">{perk.text}</span>
                </span>
              </li>
            ))}
          </ul>
          {variant.needsAgreement && (
            <div className="login__agreement">
              <label className="login__check">
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(e) => {
                    setAgreed(e.target.checked);
                    if (e.target.checked) setAgreementHint(false);
                  }}
                />
                <span>我已阅读并同意</span>
              </label>
              <Link to="/portal/agreement/user/v2">《平台用户协议》</Link>
              <span>和</span>
              <Link to="/portal/agreement/thirdPartyList/v2">《第三方共享个人信息清单》</Link>
              {agreementHint && (
                <p className="login__hint" role="alert">
                  {AGREEMENT_REQUIRED}
                </p>
              )}
            </div>
          )}
          {phone ? (
            <SignedIn text={`您已登录：${maskPhone(phone)}`} indexCode={indexCode}>
              <button type="button" className="app-button app-button--ghost app-button--block" onClick={logIn}>
                切换账号
              </button>
            </SignedIn>
          ) : (
            <button type="button" className="app-button app-button--primary app-button--block" onClick={logIn}>
              手机号登录
            </button>
          )}
          <p className="login__note">登录即表示您同意使用本机号码验证身份，我们将严格保护您的个人信息。</p>
        </div>
      </PageState>
    </div>
  );
}
