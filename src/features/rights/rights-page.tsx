import { PullToRefresh } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { useRequest } from '@/hooks/server-state';
import { readIndexCode } from '@/lib/index-code';
import { withIndexCode } from '@/lib/paths';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { RightStatus } from '@contract/types';
import { forgetEarlyRights } from './early-rights';
import { RecordsList } from './records-list';
import { RightCard } from './right-card';
import { arrivedRightsData, fetchRights, rightsKey } from './rights-data';
import { isRightsTab, type RightsTab, RightsTabs } from './rights-tabs';
import './rights.css';

/**
 * /rights: my rights in tabs by status (可使用 / 已使用 / 已过期) plus 使用记录
 * (`?tab=records`, docs/product.md §2.6), each with pull to refresh (docs/product.md §11.6). None at all → the
 * product line's no-rights page. Kept alive.
 */
export default function RightsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userId = useUserStore((s) => s.userInfo?.userId);
  const storedIndexCode = useUserStore((s) => s.indexCode);
  const queryCode = params.get('indexCode');
  const indexCode = readIndexCode(queryCode, storedIndexCode);
  const tabParam = params.get('tab');
  const tab: RightsTab = isRightsTab(tabParam) ? tabParam : 'available';

  // Pull to refresh (`refresh`), as on /message: the list stays while it reloads, and stays if that fails.
  // The first fetch is the route's loader's when it started one (decision 0036).
  // The list index.html drew before the app ran is shown at once (decision 0050).
  const [initialData] = useState(arrivedRightsData);
  const { data, loading, error, reload, refresh } = useRequest(() => fetchRights(indexCode), [userId, indexCode], {
    enabled: loggedIn,
    refreshOn: ['rights'],
    loadKey: rightsKey(userId, indexCode),
    initialData,
  });
  useEffect(forgetEarlyRights, []);

  useEffect(() => {
    if (data?.redirect) navigate(withIndexCode(data.redirect, indexCode), { replace: true });
  }, [data, indexCode, navigate]);

  const selectTab = (key: RightsTab) => {
    const next = new URLSearchParams(params);
    if (key === 'available') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };

  const shown = data?.rights.filter((r) => r.status === tab) ?? [];
  const count = (status: RightStatus) => data?.rights.filter((r) => r.status === status).length ?? 0;
  const counts = data && { available: count('available'), used: count('used'), expired: count('expired') };
  return (
    <div className="rights">
      <RouteHeading />
      <RightsTabs tab={tab} counts={counts} onSelect={selectTab} />
      <div id="rights-panel" role="tabpanel" aria-labelledby={`rights-tab-${tab}`} className="rights__panel">
        {tab === 'records' ? (
          <RecordsList />
        ) : (
          <PullToRefresh onRefresh={refresh}>
            <PageState
              loading={loading || Boolean(data?.redirect)}
              error={error}
              onRetry={reload}
              empty={shown.length === 0}
              emptyProps={{
                text:
                  tab === 'available' ? '暂无可使用的权益' : tab === 'used' ? '暂无已用完的权益' : '暂无已过期的权益',
              }}
            >
              <ul className="rights__list">
                {shown.map((right) => (
                  <li key={right.id}>
                    <RightCard right={right} indexCode={indexCode} />
                  </li>
                ))}
              </ul>
            </PageState>
          </PullToRefresh>
        )}
      </div>
    </div>
  );
}
