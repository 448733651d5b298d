import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getConsumeCount } from '@/api/consumptions';
import { PageState } from '@/components/page-state';
import { useRequest } from '@/hooks/server-state';
import { useUserStore } from '@/stores/user';
import type { Consumption, ConsumptionStatus } from '@contract/types';
import { useConsumeRecords } from './use-consume-records';

type Filter = 'all' | 'toEvaluate' | 'evaluated';

const FILTERS: { key: Filter; label: string; evaluateStatus: 0 | 1 | undefined }[] = [
  { key: 'all', label: '全部', evaluateStatus: undefined },
  { key: 'toEvaluate', label: '待评价', evaluateStatus: 0 },
  { key: 'evaluated', label: '已评价', evaluateStatus: 1 },
];

const STATUS_LABEL: Record<ConsumptionStatus, string> = {
  pending: '待核销',
  success: '核销成功',
  failed: '核销失败',
  expired: '已过期',
};

function RecordItem({ record }: { record: Consumption }) {
  const navigate = useNavigate();
  const canEvaluate = record.status === 'success' && record.evaluateStatus === 0;
  return (
    <li className="record">
      <div className="record__head">
        <span className="record__name">{record.serviceName || record.rightName}</span>
        <span className={`record__status record__status--${record.status}`}>{STATUS_LABEL[record.status]}</span>
      </div>
      {record.providerName && <p className="record__meta">服务机构：{record.providerName}</p>}
      <p className="record__meta">
        {record.consumeTime ? `核销时间：${record.consumeTime}` : `申请时间：${record.createTime}`}
      </p>
      <div className="record__foot">
        {record.status === 'success' && record.evaluateStatus === 1 && (
          <>
            <span className="record__evaluated">已评价{record.score ? ` · ${record.score}星` : ''}</span>
            <button
              type="button"
              className="record__action"
              onClick={() => navigate(`/evaluate?consumeId=${record.id}`)}
            >
              查看评价
            </button>
          </>
        )}
        {canEvaluate && (
          <button
            type="button"
            className="record__action record__action--primary"
            aria-label={`去评价 ${record.serviceName}`}
            onClick={() => navigate(`/evaluate?consumeId=${record.id}`)}
          >
            去评价
          </button>
        )}
        {record.status === 'pending' && (
          <button
            type="button"
            className="record__action"
            onClick={() => navigate(`/servWriteOff?rightId=${record.rightId}`)}
          >
            查看核销码
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * 使用记录, the fourth tab of /rights (docs/product.md §2.6): my consumption
 * records with 全部 / 待评价 / 已评价 filters, infinite scroll and pull to refresh.
 */
export function RecordsList() {
  const userId = useUserStore((s) => s.userInfo?.userId);
  const [filter, setFilter] = useState<Filter>('all');
  const current = FILTERS.find((f) => f.key === filter) ?? FILTERS[0];
  const counts = useRequest(() => getConsumeCount(), [userId], { refreshOn: ['consumptions'] });
  const records = useConsumeRecords(current.evaluateStatus, userId);

  const countOf = (key: Filter) =>
    key === 'toEvaluate' ? counts.data?.toEvaluate : key === 'evaluated' ? counts.data?.evaluated : undefined;

  const refresh = async () => {
    await Promise.all([records.refresh(), counts.reload()]);
  };

  return (
    <section className="records" aria-label="使用记录">
      <div className="records__filters" role="group" aria-label="筛选">
        {FILTERS.map((f) => {
          const count = countOf(f.key);
          return (
            <button
              key={f.key}
              type="button"
              className="records__filter"
              aria-pressed={filter === f.key}
              onClick={() => setFilter(f.key)}
            >
              {f.label}
              {count !== undefined && <span className="records__count">{count}</span>}
            </button>
          );
        })}
      </div>
      <PullToRefresh onRefresh={refresh}>
        <PageState
          loading={records.loading}
          error={records.error}
          onRetry={records.retry}
          empty={records.items.length === 0}
          emptyProps={{
            text:
              filter === 'toEvaluate'
                ? '暂无待评价的服务'
                : filter === 'evaluated'
                  ? '暂无已评价的服务'
                  : '暂无使用记录',
          }}
        >
          <ul className="records__list">
            {records.items.map((record) => (
              <RecordItem key={record.id} record={record} />
            ))}
          </ul>
          <InfiniteScroll loadMore={records.loadMore} hasMore={records.hasMore} />
        </PageState>
      </PullToRefresh>
    </section>
  );
}
