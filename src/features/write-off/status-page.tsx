import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { getConsumption } from '@/api/consumptions';
import { EmptyView } from '@/components/empty-view';
import { PageState } from '@/components/page-state';
import { SERVICE_PHONE } from '@/config/constants';
import { useRequest } from '@/hooks/server-state';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { paths } from '@/lib/paths';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { Consumption } from '@contract/types';
import { groupDigits } from './group-digits';
import './write-off.css';

type Kind = 'waiting' | 'success' | 'failed';

/** The status screen that matches a record's state. */
const KIND_BY_STATUS: Record<Consumption['status'], Kind> = {
  pending: 'waiting',
  success: 'success',
  failed: 'failed',
  expired: 'failed',
};

const isKind = (variant: string | undefined): variant is Kind =>
  variant === 'waiting' || variant === 'success' || variant === 'failed';

/**
 * The page's (hidden) h1 while no record shows: the screen cannot say yet how the write-off
 * went (the record may be missing or someone else's), so not the route's title (核销成功…).
 */
const NO_RECORD_TITLE = '核销结果';

function StatusIcon({ kind }: { kind: Kind }) {
  const color =
    kind === 'success'
      ? 'var(--app-color-success)'
      : kind === 'failed'
        ? 'var(--app-color-danger)'
        : 'var(--app-color-primary)';
  return (
    <svg className="status__icon" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill={color} opacity="0.12" />
      <circle cx="32" cy="32" r="22" fill={color} />
      {kind === 'success' && (
        <path
          d="M22 33l7 7 13-15"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      {kind === 'failed' && <path d="M24 24l16 16M40 24 24 40" stroke="#fff" strokeWidth="4" strokeLinecap="round" />}
      {kind === 'waiting' && (
        <path
          d="M32 20v13l8 5"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/**
 * /statusOne (等待核销), /statusTwo (核销成功), /statusThree (核销失败): what happened to a
 * write-off and the next step (docs/product.md §4.4), one component chosen by the route's variant.
 * Each is a kept screen whose content follows `?consumeId=` (reloaded when it changes).
 */
export default function StatusPage() {
  const { key } = useLocation();
  const { variant } = useRouteMeta();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const kind = isKind(variant) ? variant : 'waiting';
  const consumeId = Number(params.get('consumeId'));
  const rightIdParam = Number(params.get('rightId'));
  const validId = Number.isInteger(consumeId) && consumeId > 0;
  const { data, loading, error, reload } = useRequest(() => getConsumption(consumeId), [consumeId], {
    enabled: loggedIn && validId,
    refreshOn: ['consumptions'],
  });
  const rightId = data?.rightId ?? (rightIdParam > 0 ? rightIdParam : undefined);

  // A status screen never contradicts the record: opened from an old link or history entry
  // after the record moved on, it hands over to the screen of the record's real state.
  const actualKind = data ? KIND_BY_STATUS[data.status] : undefined;
  useEffect(() => {
    if (actualKind && actualKind !== kind) navigate(paths.status(actualKind, params), { replace: true });
  }, [actualKind, kind, params, navigate]);

  // A missing or foreign record (the gateway's 服务记录不存在) leads back to the records.
  const notFound = {
    text: '没有找到这次核销的记录',
    action: { label: '查看使用记录', onClick: () => navigate('/rights?tab=records') },
  };

  if (!validId) {
    return (
      <div className="status">
        <h1 className="visually-hidden">{NO_RECORD_TITLE}</h1>
        <EmptyView {...notFound} />
      </div>
    );
  }

  const backToCode = () => {
    // 继续等待 returns to the code: back when we came from it, else open it for the right.
    if (key !== 'default') navigate(-1);
    else if (rightId) navigate(`/servWriteOff?rightId=${rightId}`, { replace: true });
  };

  // Once the record shows, StatusBody's title (核销成功…) is the page's h1.
  return (
    <div className={`status status--${kind}`}>
      <PageState
        loading={loading}
        error={error}
        onRetry={reload}
        empty={!data}
        emptyProps={notFound}
        heading={<h1 className="visually-hidden">{NO_RECORD_TITLE}</h1>}
      >
        {data && <StatusBody kind={kind} consumption={data} onWait={backToCode} rightId={rightId} />}
      </PageState>
    </div>
  );
}

/** What the status is about, as label and value pairs. */
function Facts({ items }: { items: [string, string][] }) {
  return (
    <dl className="status__facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusBody({
  kind,
  consumption,
  onWait,
  rightId,
}: {
  kind: Kind;
  consumption: Consumption;
  onWait: () => void;
  rightId?: number;
}) {
  const navigate = useNavigate();
  const name = consumption.serviceName || consumption.rightName;
  if (kind === 'waiting') {
    return (
      <>
        <StatusIcon kind="waiting" />
        <h1 className="status__title">等待核销</h1>
        <p className="status__text">
          服务人员还未完成扫码核销。请确认对方已扫描您的核销码，核销码在有效期内可继续使用。
        </p>
        <Facts
          items={[
            ['服务', name],
            ['核销码', groupDigits(consumption.writeOffCode)],
          ]}
        />
        <div className="status__actions">
          <button type="button" className="app-button app-button--primary app-button--block" onClick={onWait}>
            继续等待
          </button>
          <button
            type="button"
            className="app-button app-button--ghost app-button--block"
            onClick={() => navigate('/rights?tab=records')}
          >
            查看使用记录
          </button>
        </div>
      </>
    );
  }
  if (kind === 'success') {
    return (
      <>
        <StatusIcon kind="success" />
        <h1 className="status__title">核销成功</h1>
        <p className="status__text">本次服务已完成核销，权益次数已相应扣减。</p>
        <Facts
          items={[
            ['服务', name],
            ['服务机构', consumption.providerName || '—'],
            ['核销时间', consumption.consumeTime ?? consumption.createTime],
          ]}
        />
        <div className="status__actions">
          <button
            type="button"
            className="app-button app-button--primary app-button--block"
            onClick={() => navigate(`/evaluate?consumeId=${consumption.id}`)}
          >
            {consumption.evaluateStatus === 0 ? '去评价' : '查看评价'}
          </button>
          <button
            type="button"
            className="app-button app-button--ghost app-button--block"
            onClick={() => navigate('/index')}
          >
            返回首页
          </button>
        </div>
      </>
    );
  }
  const expired = consumption.status === 'expired';
  return (
    <>
      <StatusIcon kind="failed" />
      <h1 className="status__title">{expired ? '核销码已过期' : '核销失败'}</h1>
      <p className="status__text">
        {expired
          ? '核销码超过15分钟未被扫描，已自动失效，权益次数未扣减。'
          : '本次核销未成功，权益次数未扣减。可能是服务机构系统暂时繁忙，请重新获取核销码后再试。'}
      </p>
      <Facts
        items={[
          ['服务', name],
          ['获取时间', consumption.createTime],
        ]}
      />
      <div className="status__actions">
        {rightId && (
          <button
            type="button"
            className="app-button app-button--primary app-button--block"
            onClick={() => navigate(`/servWriteOff?rightId=${rightId}`)}
          >
            重新获取
          </button>
        )}
        <a className="app-button app-button--ghost app-button--block" href={`tel:${SERVICE_PHONE.replace(/-/g, '')}`}>
          联系客服 {SERVICE_PHONE}
        </a>
      </div>
    </>
  );
}
