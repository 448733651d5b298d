import { SKELETON_ROWS } from '@/config/constants';

export interface SkeletonProps {
  /** Number of rows. */
  rows?: number;
  /** Height of one row in px (converted to rem by the build), sized like the content. */
  rowHeight?: number;
  /** Lead block (avatar/icon) on each row. */
  avatar?: boolean;
}

/** Grey placeholder rows sized like the content they stand for, so nothing shifts (docs/product.md §11.6). */
export function Skeleton({
  rows = SKELETON_ROWS.rows,
  rowHeight = SKELETON_ROWS.rowHeight,
  avatar = false,
}: SkeletonProps) {
  return (
    <div className="skeleton" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__row" style={{ height: `${rowHeight / 37.5}rem` }}>
          {avatar && <span className="skeleton__avatar" />}
          <span className="skeleton__lines">
            <span className="skeleton__line" />
            <span className="skeleton__line skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
