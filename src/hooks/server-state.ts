import { type DependencyList, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { type Topic, useFreshnessStore } from '@/stores/freshness';
import type { Page } from '@contract/types';

/**
 * The portal's server state, one module for every screen (decision 0029): a request's data,
 * loading and error (`useRequest`) and a paged list built on it (`usePagedList`). The same rules
 * hold everywhere:
 *  - concurrent identical GETs are one request (the client's GET helper shares it);
 *  - a write invalidates a topic of stores/freshness.ts; readers name theirs in `refreshOn`;
 *  - a kept-alive screen shown again keeps what it loaded (decision 0002) and fetches again,
 *    quietly, only if one of its topics moved while it was hidden (decision 0012).
 */

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  /** Fetch again showing the skeleton (the retry button). Resolves when done. */
  reload: () => Promise<void>;
  /**
   * Fetch again keeping what is on screen, and keep it if that fails (pull to refresh; the
   * request client has said why). Resolves when done.
   */
  refresh: () => Promise<void>;
  /** Replace the data locally after a mutation. */
  setData: (update: T | ((previous: T | undefined) => T | undefined)) => void;
}

export interface RequestOptions<T = unknown> {
  /** Fetch only while true (e.g. logged in). */
  enabled?: boolean;
  /**
   * Server data this request shows that other screens change (stores/freshness.ts): after an
   * `invalidate` of one of these topics the data is fetched again — quietly, the old data
   * staying on screen — when a kept-alive screen is next shown (decision 0012).
   */
  refreshOn?: readonly Topic[];
  /**
   * Data already at hand when the screen mounts (the home's early files, decision 0031): the
   * first render shows it instead of a skeleton, and it stands for the first fetch of `deps`.
   */
  initialData?: T;
  /**
   * The request's key, as its route's loader names it (`preload`, decision 0036): the first fetch
   * for `deps` takes the loader's request, in flight or answered, instead of making a second call.
   */
  loadKey?: string;
}

/**
 * How long a loader's answer, once it has arrived, waits for its screen: one not taken by then is
 * dropped as stale. A call still on its way is always taken: however slow the phone, the answer
 * is as fresh as a new call's would be.
 */
export const PRELOAD_KEPT_MS = 10_000;

const preloaded = new Map<string, { answer: Promise<unknown>; answeredAt?: number }>();

/** The `loadKey`s of the screens mounted (and shown) now, with how many read each. */
const readers = new Map<string, number>();

/** Counts a mounted screen as reading `loadKey` until the returned cleanup runs. */
function readingKey(loadKey: string | undefined): (() => void) | undefined {
  if (loadKey === undefined) return undefined;
  readers.set(loadKey, (readers.get(loadKey) ?? 0) + 1);
  return () => {
    const left = (readers.get(loadKey) ?? 1) - 1;
    if (left > 0) readers.set(loadKey, left);
    else readers.delete(loadKey);
  };
}

/**
 * Starts a screen's first call before its screen has loaded (a route's loader, decision 0036):
 * the screen's `useRequest` with the same `loadKey` takes it. Two loaders of one GET in flight
 * share it (the client's dedupe). None while a screen reading `loadKey` is mounted.
 */
export function preload<T>(loadKey: string, fetcher: () => Promise<T>): void {
  // The loaders' module came after the screen had mounted (decision 0068): the screen has asked,
  // or shown what it had, and nobody would take this call.
  if (readers.has(loadKey)) return;
  const answer = fetcher();
  const entry: { answer: Promise<unknown>; answeredAt?: number } = { answer };
  // A failure is the screen's to show when it takes the answer; the client has already toasted.
  answer.then(
    () => (entry.answeredAt = Date.now()),
    () => (entry.answeredAt = Date.now()),
  );
  preloaded.set(loadKey, entry);
}

/** The loader's request for `loadKey`, once: undefined when there is none, or its answer waited too long. */
function takePreloaded(loadKey: string | undefined): Promise<unknown> | undefined {
  if (loadKey === undefined) return undefined;
  const waiting = preloaded.get(loadKey);
  preloaded.delete(loadKey);
  if (!waiting) return undefined;
  return waiting.answeredAt === undefined || Date.now() - waiting.answeredAt < PRELOAD_KEPT_MS
    ? waiting.answer
    : undefined;
}

/** Forgets every loader's request (between tests). */
export function forgetPreloaded(): void {
  preloaded.clear();
}

const NO_TOPICS: readonly Topic[] = [];

/**
 * A screen's own server data (docs/style.md §5). Fetches when `deps` change — not when a kept-alive
 * screen is shown again: <Activity> re-runs Effects on show, and returning must not reset a
 * loaded list (the keep-alive trap of decision 0002), so a fetch already made for these deps is kept,
 * unless a topic of `refreshOn` was invalidated since.
 */
export function useRequest<T>(
  fetcher: () => Promise<T>,
  deps: DependencyList,
  { enabled = true, refreshOn = NO_TOPICS, initialData, loadKey }: RequestOptions<T> = {},
): RequestState<T> {
  const [data, setDataState] = useState<T | undefined>(initialData);
  const [loading, setLoading] = useState(enabled && initialData === undefined);
  const [error, setError] = useState<unknown>();
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const latest = useRef(0);
  const fetchedFor = useRef<string | undefined>(initialData === undefined ? undefined : JSON.stringify(deps));
  const version = useFreshnessStore((s) => refreshOn.map((topic) => s.versions[topic]).join('.'));
  const fetchedAtVersion = useRef(version);

  /**
   * `quiet`: keep what is on screen while fetching, and keep it if the fetch fails. `preloadedAs`:
   * the first fetch for these deps takes a route loader's request under this key, if there is one.
   */
  const run = useCallback(async (quiet = false, preloadedAs?: string) => {
    const id = ++latest.current;
    if (!quiet) {
      setLoading(true);
      setError(undefined);
    }
    let settle: () => void;
    try {
      const value = await ((takePreloaded(preloadedAs) as Promise<T> | undefined) ?? fetcherRef.current());
      settle = () => {
        setDataState(() => value);
        setError(undefined);
      };
    } catch (caught) {
      settle = () => {
        if (!quiet) setError(caught);
      };
    }
    // Only the latest fetch lands: an older answer (other deps, a refresh overtaken) is dropped.
    if (id !== latest.current) return;
    // First screen (decision 0003): what arrives is rendered as a transition, in slices of a few milliseconds,
    // rather than in one task that would block a tap for as long as the whole screen takes.
    startTransition(() => {
      settle();
      setLoading(false);
    });
  }, []);

  useEffect(() => readingKey(loadKey), [loadKey]);

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    const key = JSON.stringify(deps);
    const stale = fetchedAtVersion.current !== version;
    fetchedAtVersion.current = version;
    if (fetchedFor.current === key) {
      if (stale) void run(true);
      return;
    }
    fetchedFor.current = key;
    void run(false, loadKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, version, ...deps]);

  const reload = useCallback(() => run(), [run]);
  const refresh = useCallback(() => run(true), [run]);

  const setData = useCallback((update: T | ((previous: T | undefined) => T | undefined)) => {
    setDataState((previous) =>
      typeof update === 'function' ? (update as (p: T | undefined) => T | undefined)(previous) : update,
    );
  }, []);

  return { data, loading, error, reload, refresh, setData };
}

/** The pages loaded so far; `first` is the first page they follow (a refetch makes a new one). */
interface Loaded<T> {
  first: Page<T>;
  items: T[];
  total: number;
  pageNum: number;
}

export interface PagedListOptions<T> extends Pick<RequestOptions, 'enabled' | 'refreshOn' | 'loadKey'> {
  /** Identifies an item, so one already shown is not repeated when a page shifts under us. */
  key: (item: T) => string | number;
  /** The first page, already at hand when the screen mounts: shown at once, as `initialData`. */
  initialPage?: Page<T>;
}

export interface PagedListState<T> {
  items: T[];
  total: number;
  /** The first page is loading (the screen shows its skeleton). */
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  /** Loads the next page; rejects on failure so InfiniteScroll offers its retry. */
  loadMore: () => Promise<void>;
  /** Loads the first page again and replaces the list, keeping it on screen meanwhile and on failure. */
  refresh: () => Promise<void>;
  /** After an error: load the first page again, showing the skeleton. */
  retry: () => Promise<void>;
  /** Changes the loaded items locally after a mutation (read one, read all). */
  updateItems: (update: (items: T[]) => T[]) => void;
}

const loadedFrom = <T>(first: Page<T>): Loaded<T> => ({ first, items: first.list, total: first.total, pageNum: 1 });

/** `preload` for a paged list: its first page, as `usePagedList` with the same `loadKey` takes it. */
export function preloadFirstPage<T>(loadKey: string, fetchFirstPage: () => Promise<Page<T>>): void {
  preload(loadKey, () => fetchFirstPage().then(loadedFrom));
}

/**
 * A paged list of docs/product.md §7.3 (`pageNum` from 1) for infinite scroll: its first page is a
 * `useRequest` (so loading, error, dedupe, `refreshOn` and the kept-screen rule are the same as
 * any request's), later pages are appended to it. A refetch of the first page starts the list
 * over; a later page that arrives after that is dropped.
 */
export function usePagedList<T>(
  fetchPage: (pageNum: number) => Promise<Page<T>>,
  deps: DependencyList,
  { key, enabled, refreshOn, loadKey, initialPage }: PagedListOptions<T>,
): PagedListState<T> {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyRef = useRef(key);
  keyRef.current = key;
  const first = useRequest<Loaded<T>>(() => fetchRef.current(1).then(loadedFrom), deps, {
    enabled,
    refreshOn,
    loadKey,
    initialData: initialPage && loadedFrom(initialPage),
  });
  const { data, setData } = first;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const hasMore = Boolean(data) && items.length < total;

  const loadMore = useCallback(async () => {
    if (!data) return;
    const pageNum = data.pageNum + 1;
    const page = await fetchRef.current(pageNum);
    setData((previous) => {
      if (!previous || previous.first !== data.first || previous.pageNum >= pageNum) return previous;
      const seen = new Set(previous.items.map(keyRef.current));
      const fresh = page.list.filter((item) => !seen.has(keyRef.current(item)));
      // An empty page ends the list even if `total` promised more (rows deleted meanwhile).
      const total = page.list.length === 0 ? previous.items.length : page.total;
      return { ...previous, items: [...previous.items, ...fresh], total, pageNum };
    });
  }, [data, setData]);

  const updateItems = useCallback(
    (update: (items: T[]) => T[]) => setData((previous) => previous && { ...previous, items: update(previous.items) }),
    [setData],
  );

  return {
    items,
    total,
    loading: first.loading,
    error: first.error,
    hasMore,
    loadMore,
    refresh: first.refresh,
    retry: first.reload,
    updateItems,
  };
}
