import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { useFreshnessStore, type Topic } from '@/stores/freshness';

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  /** Fetch again (retry button, pull to refresh). Resolves when done. */
  reload: () => Promise<void>;
  /** Replace the data locally after a mutation. */
  setData: (update: T | ((previous: T | undefined) => T)) => void;
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
}

const NO_TOPICS: readonly Topic[] = [];

/**
 * A screen's own server data (STYLE §5). Fetches when `deps` change — not when a kept-alive
 * screen is shown again: <Activity> re-runs Effects on show, and returning must not reset a
 * loaded list (the keep-alive trap of decision 0002), so a fetch already made for these deps is kept,
 * unless a topic of `refreshOn` was invalidated since.
 */
export function useRequest<T>(
  fetcher: () => Promise<T>,
  deps: DependencyList,
  { enabled = true, refreshOn = NO_TOPICS, initialData }: RequestOptions<T> = {},
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

  /** `quiet`: keep what is on screen while fetching, and keep it if the fetch fails. */
  const run = useCallback(async (quiet = false) => {
    const id = ++latest.current;
    if (!quiet) {
      setLoading(true);
      setError(undefined);
    }
    let settle: () => void;
    try {
      const value = await fetcherRef.current();
      settle = () => {
        setDataState(() => value);
        setError(undefined);
      };
    } catch (caught) {
      settle = () => {
        if (!quiet) setError(caught);
      };
    }
    if (id !== latest.current) return;
    // First screen (decision 0003): what arrives is rendered as a transition, in slices of a few milliseconds,
    // rather than in one task that would block a tap for as long as the whole screen takes.
    startTransition(() => {
      settle();
      setLoading(false);
    });
  }, []);

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
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, version, ...deps]);

  const reload = useCallback(() => run(), [run]);

  const setData = useCallback((update: T | ((previous: T | undefined) => T)) => {
    setDataState((previous) => (typeof update === 'function' ? (update as (p: T | undefined) => T)(previous) : update));
  }, []);

  return { data, loading, error, reload, setData };
}
