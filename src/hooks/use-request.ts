import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import type { Envelope } from '@contract/types';

/** A non-200 envelope, thrown by `unwrap` (the client has already shown its toast). */
export class EnvelopeError extends Error {
  constructor(
    readonly code: number,
    readonly desc: string,
  ) {
    super(desc || `code ${code}`);
    this.name = 'EnvelopeError';
  }
}

/** The `obj` of a successful envelope, or an EnvelopeError. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code !== 200) throw new EnvelopeError(envelope.code, envelope.desc);
  return envelope.obj;
}

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  /** Fetch again (retry button, pull to refresh). Resolves when done. */
  reload: () => Promise<void>;
  /** Replace the data locally after a mutation. */
  setData: (update: T | ((previous: T | undefined) => T)) => void;
}

/**
 * A screen's own server data (STYLE §5). Fetches when `deps` change — not when a kept-alive
 * screen is shown again: <Activity> re-runs Effects on show, and returning must not reset a
 * loaded list (issue 2's keep-alive trap), so a fetch already made for these deps is kept.
 */
export function useRequest<T>(fetcher: () => Promise<T>, deps: DependencyList, { enabled = true } = {}): RequestState<T> {
  const [data, setDataState] = useState<T>();
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<unknown>();
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const latest = useRef(0);
  const fetchedFor = useRef<string | undefined>(undefined);

  const run = useCallback(async () => {
    const id = ++latest.current;
    setLoading(true);
    setError(undefined);
    try {
      const value = await fetcherRef.current();
      if (id === latest.current) setDataState(() => value);
    } catch (caught) {
      if (id === latest.current) setError(caught);
    } finally {
      if (id === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    const key = JSON.stringify(deps);
    if (fetchedFor.current === key) return;
    fetchedFor.current = key;
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);

  const setData = useCallback((update: T | ((previous: T | undefined) => T)) => {
    setDataState((previous) => (typeof update === 'function' ? (update as (p: T | undefined) => T)(previous) : update));
  }, []);

  return { data, loading, error, reload: run, setData };
}
