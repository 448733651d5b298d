import { type ReactNode, useEffect, useRef } from 'react';
import { isRefusal, isServerFault } from '@/api/api-error';
import { firstContentShown } from '@/lib/after-paint';
import { dataWaitStarted } from '@/lib/data-wait';
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
  /** Props of the empty view; its action is also the way out of a refusal (code 10001). */
  emptyProps?: EmptyViewProps;
  /**
   * The screen's h1 while its data does not show (loading, error, empty): one h1 in every
   * state (axe page-has-heading-one); the data brings its own.
   */
  heading?: ReactNode;
  children: ReactNode;
}

/** What an error state says: a server fault (envelope 500 or HTTP 5xx) and a lost connection are told apart. */
function errorText(error: unknown) {
  return isServerFault(error) ? '服务繁忙，请稍后重试' : '加载失败，请检查网络后重试';
}

/**
 * The four states of every screen through one component (docs/style.md §7): loading (a skeleton),
 * error with retry, empty (the shared empty view), and the data. When the data first shows
 * it tells the scroll memory, so going back restores the position once content is there.
 * A business refusal (code 10001, e.g. 服务记录不存在: a record that is not the caller's) is
 * not an error to retry: it shows the gateway's sentence in the empty view, with the empty
 * view's action as the way out.
 */
export function PageState(props: PageStateProps) {
  const { loading, error, empty = false, heading, children } = props;
  const showsData = !loading && !error;
  const told = useRef(false);

  // The progress bar shows while this waits (docs/product.md §11.6); a hidden kept screen stops waiting.
  useEffect(() => (loading ? dataWaitStarted() : undefined), [loading]);

  useEffect(() => {
    if (showsData && !told.current) {
      told.current = true;
      contentShown();
      firstContentShown();
    }
  }, [showsData]);

  if (showsData && !empty) return <>{children}</>;
  return (
    <>
      {heading}
      <NoData {...props} />
    </>
  );
}

/** What shows instead of the data: the skeleton, the error, the refusal or the empty view. */
function NoData({ loading, error, onRetry, skeleton, emptyProps }: PageStateProps) {
  if (loading) return <>{skeleton ?? <Skeleton />}</>;
  if (isRefusal(error)) {
    return <EmptyView text={error.desc || emptyProps?.text} action={emptyProps?.action} />;
  }
  if (error) {
    return (
      <div className="page-error" role="alert">
        <p className="page-error__text">{errorText(error)}</p>
        {onRetry && (
          <button type="button" className="app-button app-button--primary" onClick={onRetry}>
            重试
          </button>
        )}
      </div>
    );
  }
  return <EmptyView {...emptyProps} />;
}
