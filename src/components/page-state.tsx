import { useEffect, useRef, type ReactNode } from 'react';
import { contentShown } from '@/lib/scroll-memory';
import { EmptyView, type EmptyViewProps } from './empty-view';
import { Skeleton } from './skeleton';

export interface PageStateProps {
  loading: boolean;
  error?: unknown;
  empty?: boolean;
  onRetry?: () => void;
  /** What shows while loading; a list skeleton by default. */
  skeleton?: ReactNode;
  /** Props of the empty view. */
  emptyProps?: EmptyViewProps;
  children: ReactNode;
}

/**
 * The four states of every screen through one component (STYLE §7): loading (a skeleton),
 * error with retry, empty (the shared empty view), and the data. When the data first shows
 * it tells the scroll memory, so going back restores the position once content is there.
 */
export function PageState({ loading, error, empty = false, onRetry, skeleton, emptyProps, children }: PageStateProps) {
  const showsData = !loading && !error;
  const told = useRef(false);

  useEffect(() => {
    if (showsData && !told.current) {
      told.current = true;
      contentShown();
    }
  }, [showsData]);

  if (loading) return <>{skeleton ?? <Skeleton />}</>;
  if (error) {
    return (
      <div className="page-error" role="alert">
        <p className="page-error__text">加载失败，请检查网络后重试</p>
        {onRetry && (
          <button type="button" className="app-button app-button--primary" onClick={onRetry}>
            重试
          </button>
        )}
      </div>
    );
  }
  if (empty) return <EmptyView {...emptyProps} />;
  return <>{children}</>;
}
