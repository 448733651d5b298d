import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyView } from '@/components/empty-view';
import { RouteHeading } from '@/components/route-heading';
import { useIndexCode } from '@/hooks/use-index-code';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { goToShareLogin } from '@/lib/login-redirect';
import { paths } from '@/lib/paths';
import { track } from '@/lib/track';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { ShareArt } from './share-art';
import { readShareIds, shareQuery } from './share-ids';
import './share.css';

const offers = [
  { title: '在线问诊', text: '三甲医院医生 24 小时在线，图文、电话随时问' },
  { title: '体检预约', text: '全国合作体检中心，线上预约，报告有人解读' },
  { title: '齿科保健', text: '洁牙、口腔检查，就近门店凭码使用' },
  { title: '就医绿通', text: '专家门诊、住院床位协助安排，少跑腿少排队' },
];

/** `channel=mn` on a share link: the Mn partner channel's share (decision 0025). */
const MN_CHANNEL = 'mn';

/**
 * /share and /share1: what someone who scanned an agent's code sees (docs/product.md §4.8):
 * the platform's offer and a button to the share login, carrying the agent's ids
 * (decision 0025): /share leads to /loginShare; /share1 (the new theme, from /my/shareNew)
 * starts the login itself, returning through /transferPage1 to /indexNew; a link carrying
 * the Mn partner channel (`channel=mn`) leads to /loginShareMn.
 */
export default function SharePage() {
  const { path, variant } = useRouteMeta();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = readShareIds(params);
  const indexCode = useIndexCode();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const isNew = variant === 'new';
  const mn = params.get('channel') === MN_CHANNEL;

  if (!ids) {
    return (
      <div className={`share${isNew ? ' theme-new' : ''}`}>
        <RouteHeading />
        <EmptyView
          text="分享链接无效：缺少推荐人信息或链接已损坏，请向推荐您的代理人重新获取二维码"
          action={{ label: '去首页看看', onClick: () => navigate(isNew ? '/indexNew' : '/index') }}
        />
      </div>
    );
  }

  const join = () => {
    track('tap_share_login', { agentId: ids.agentId, from: path });
    if (mn) navigate(`/loginShareMn?${shareQuery(ids)}`);
    // Already logged in: no second login, straight to the new-theme home.
    else if (isNew && loggedIn) navigate(paths.home(indexCode, 'new'));
    else if (isNew) goToShareLogin(ids, { transferPage: '/transferPage1', indexCode });
    else navigate(`/loginShare?${shareQuery(ids)}`);
  };

  return (
    <div className={`share${isNew ? ' theme-new' : ''}`}>
      <section className="share__hero">
        <ShareArt />
        <h1 className="share__headline">健康服务平台</h1>
        <p className="share__lead">一站式健康管理服务，守护您和家人的健康</p>
      </section>
      <section className="share__card" aria-labelledby="share-offer-title">
        <h2 id="share-offer-title" className="share__card-title">
          登录后可享
        </h2>
        <ul className="share__offers">
          {offers.map((offer) => (
            <li key={offer.title} className="share__offer">
              <span className="share__offer-mark" aria-hidden="true" />
              <span>
                <strong className="share__offer-title">{offer.title}</strong>
                <span className="share__offer-text">{offer.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="share__note">具体服务以您保单所含的健康权益为准。</p>
      </section>
      <p className="share__inviter">
        顾问编号：<span className="share__inviter-id">{ids.agentId}</span>
      </p>
      <div className="share__action">
        <button type="button" className="app-button app-button--primary app-button--block" onClick={join}>
          立即登录，领取健康服务
        </button>
      </div>
    </div>
  );
}
