import { Link } from 'react-router-dom';
import { useRequest } from '@/hooks/server-state';
import { usePainted } from '@/hooks/use-painted';
import { paths } from '@/lib/paths';
import { useUserStore } from '@/stores/user';
import './home-widgets.css';

export interface RightsSummaryProps {
  indexCode: string;
}

async function loadAvailableCount() {
  // Dynamic: the request client stays off the home's first screen (decision 0003).
  const { getRights } = await import('@/api/rights');
  return (await getRights({ status: 'available' })).length;
}

/** "我的权益": how many rights can be used now; a tap opens /rights. Logged-in users only. */
export function RightsSummary({ indexCode }: RightsSummaryProps) {
  const userId = useUserStore((s) => s.userInfo?.userId);
  // Asked after the home's banner and grid have painted; the slot keeps its size meanwhile.
  const painted = usePainted();
  const { data, loading, error, reload } = useRequest(loadAvailableCount, [userId], {
    refreshOn: ['rights'],
    enabled: painted,
  });

  if (error) {
    return (
      <button type="button" className="rights-summary rights-summary--error" onClick={() => void reload()}>
        <span className="rights-summary__label">我的权益</span>
        <span className="rights-summary__value">加载失败，点击重试</span>
      </button>
    );
  }
  return (
    <Link to={paths.rights(indexCode)} className="rights-summary" aria-busy={loading}>
      <span className="rights-summary__label">我的权益</span>
      <span className="rights-summary__value">
        {loading || data === undefined ? (
          <span className="rights-summary__placeholder" aria-label="加载中" />
        ) : data > 0 ? (
          <>
            可使用 <strong className="rights-summary__count">{data}</strong> 项
          </>
        ) : (
          '暂无可用权益'
        )}
      </span>
      <span className="rights-summary__arrow" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
