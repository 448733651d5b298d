import { useNavigate } from 'react-router-dom';
import { getRights } from '@/api/rights';
import { Skeleton } from '@/components/skeleton';
import { useRequest } from '@/hooks/server-state';
import { goToLogin } from '@/lib/login-redirect';
import { paths } from '@/lib/paths';
import { pickRight, PRODUCT_LINE_LABEL, remainingText, validityText } from '@/lib/right-facts';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { Right } from '@contract/types';

export interface ServiceRightPanelProps {
  serviceCode: string;
  indexCode: string;
  /** The new-theme layout's login returns through /transferPage1 (docs/product.md §2.7). */
  transferPage?: '/transferPage' | '/transferPage1';
}

/** Why a right cannot be used now, in words a customer understands. */
function unusableReason(right: Right | undefined): string {
  if (!right) return '您的保单暂不包含该服务权益';
  if (right.status === 'used') return '该权益次数已用完';
  return `该权益已于 ${right.validTo} 过期`;
}

/**
 * The caller's right for a service (docs/product.md §4.4): remaining times, validity and
 * 立即使用 when usable; otherwise why not, and a way to /rights. Logged out: a login prompt
 * (the portal never calls token-only endpoints while logged out, docs/product.md §6.2).
 */
export function ServiceRightPanel({ serviceCode, indexCode, transferPage = '/transferPage' }: ServiceRightPanelProps) {
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userId = useUserStore((s) => s.userInfo?.userId);
  const { data, loading, error, reload } = useRequest(
    async () => pickRight((await getRights()).filter((r) => r.serviceCode === serviceCode)) ?? null,
    [serviceCode, userId],
    { enabled: loggedIn, refreshOn: ['rights'] },
  );

  if (!loggedIn) {
    return (
      <section className="right-panel" aria-label="我的权益">
        <p className="right-panel__hint">登录后查看您是否拥有该服务的权益</p>
        <button
          type="button"
          className="app-button app-button--primary app-button--block"
          onClick={() => goToLogin({ indexCode, transferPage })}
        >
          登录
        </button>
      </section>
    );
  }
  if (loading) return <Skeleton rows={1} rowHeight={120} />;
  if (error) {
    return (
      <section className="right-panel" aria-label="我的权益">
        <p className="right-panel__hint" role="alert">
          权益信息加载失败，请检查网络后重试
        </p>
        <button type="button" className="app-button app-button--ghost app-button--block" onClick={() => void reload()}>
          重试
        </button>
      </section>
    );
  }

  const right = data ?? undefined;
  const usable = right?.status === 'available';
  return (
    <section className="right-panel" aria-label="我的权益">
      {right && (
        <dl className="right-panel__facts">
          <div>
            <dt>权益</dt>
            <dd>
              {right.name}
              <span className="right-panel__line">{PRODUCT_LINE_LABEL[right.productLine]}</span>
            </dd>
          </div>
          <div>
            <dt>次数</dt>
            <dd>{remainingText(right)}</dd>
          </div>
          <div>
            <dt>有效期</dt>
            <dd>{validityText(right)}</dd>
          </div>
          <div>
            <dt>保单号</dt>
            <dd>{right.policyNo}</dd>
          </div>
        </dl>
      )}
      {usable ? (
        <button
          type="button"
          className="app-button app-button--primary app-button--block"
          onClick={() => navigate(`/servWriteOff?rightId=${right.id}`)}
        >
          立即使用
        </button>
      ) : (
        <>
          <p className="right-panel__reason">{unusableReason(right)}</p>
          <button
            type="button"
            className="app-button app-button--ghost app-button--block"
            onClick={() => navigate(paths.rights(indexCode))}
          >
            查看我的权益
          </button>
        </>
      )}
    </section>
  );
}
