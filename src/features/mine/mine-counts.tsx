import { useNavigate } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import type { MineSummary } from './use-mine-summary';

export interface MineCountsProps {
  summary: MineSummary | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  unread: number;
}

/** Three counts under the header: available rights, to evaluate, unread messages; each opens its screen. */
export function MineCounts({ summary, loading, error, onRetry, unread }: MineCountsProps) {
  const navigate = useNavigate();
  const skeleton = (
    <div className="mine-counts mine-counts--loading" aria-busy="true" aria-label="加载中">
      {[0, 1, 2].map((i) => (
        <span key={i} className="mine-counts__cell mine-counts__cell--skeleton" />
      ))}
    </div>
  );
  return (
    <PageState loading={loading} error={error} onRetry={onRetry} skeleton={skeleton}>
      {summary && (
        <div className="mine-counts">
          <button type="button" className="mine-counts__cell" onClick={() => navigate('/rights')}>
            <strong className="mine-counts__value">{summary.availableRights}</strong>
            <span className="mine-counts__label">可用权益</span>
          </button>
          <button type="button" className="mine-counts__cell" onClick={() => navigate('/rights?tab=records')}>
            <strong className="mine-counts__value">{summary.toEvaluate}</strong>
            <span className="mine-counts__label">待评价</span>
          </button>
          <button type="button" className="mine-counts__cell" onClick={() => navigate('/message')}>
            <strong className="mine-counts__value">{unread}</strong>
            <span className="mine-counts__label">未读消息</span>
          </button>
        </div>
      )}
    </PageState>
  );
}
