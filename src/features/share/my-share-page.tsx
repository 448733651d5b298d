import { useNavigate } from 'react-router-dom';
import { EmptyView } from '@/components/empty-view';
import { RouteHeading } from '@/components/route-heading';
import { SERVICE_PHONE } from '@/config/constants';
import { useSessionIndexCode } from '@/hooks/use-index-code';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { paths } from '@/lib/paths';
import { useUserStore } from '@/stores/user';
import { maskPhone } from '@contract/validation';
import { SHARE_ID_PATTERN, shareQuery } from './share-ids';
import { ShareQrCode } from './share-qr-code';
import './share.css';

/** The URL an agent's code encodes (docs/product.md §4.8): `${origin}/share?promoterId=…&agentId=…` (/share1 for the new theme). */
export function shareUrl(sharePath: '/share' | '/share1', ids: { promoterId: string; agentId: string }): string {
  return `${window.location.origin}${sharePath}?${shareQuery(ids)}`;
}

/**
 * /my/share and /my/shareNew: an agent's personal share QR code (docs/product.md §4.8), with
 * their name and WeChat's long-press hint. Customers learn why they have none.
 */
export default function MySharePage() {
  const navigate = useNavigate();
  const indexCode = useSessionIndexCode();
  const userInfo = useUserStore((s) => s.userInfo);
  const role = useUserStore((s) => s.role);
  const promoterId = useUserStore((s) => s.promoterId);
  const agentId = useUserStore((s) => s.agentId);
  const isNew = useRouteMeta().variant === 'new';
  const className = `my-share${isNew ? ' theme-new' : ''}`;
  const backToMine = () => navigate(paths.mine(indexCode, isNew ? 'new' : 'classic'));

  if (!userInfo) return null;

  if ((role || userInfo.role) !== 'agent') {
    return (
      <div className={className}>
        <RouteHeading />
        <EmptyView
          text="推广码仅对代理人开放。您当前是客户账号，可在“我的权益”中查看和使用您的健康服务。"
          action={{ label: '返回我的', onClick: backToMine }}
        />
      </div>
    );
  }

  if (!SHARE_ID_PATTERN.test(promoterId) || !SHARE_ID_PATTERN.test(agentId)) {
    return (
      <div className={className}>
        <RouteHeading />
        <EmptyView
          text={`您的代理人信息不完整，暂时无法生成推广码，请联系客服 ${SERVICE_PHONE}`}
          action={{ label: '返回我的', onClick: backToMine }}
        />
      </div>
    );
  }

  const url = shareUrl(isNew ? '/share1' : '/share', { promoterId, agentId });

  return (
    <div className={className}>
      <RouteHeading />
      <section className="my-share__card">
        <p className="my-share__name">{userInfo.nickname}</p>
        <p className="my-share__meta">
          代理人编号 {agentId} · {maskPhone(userInfo.mobilePhone)}
        </p>
        <ShareQrCode value={url} />
        <p className="my-share__hint">长按二维码保存或分享</p>
        <p className="my-share__note">客户扫码后登录，即记入您的推广名下。</p>
      </section>
    </div>
  );
}
