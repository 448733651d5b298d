import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { Activity, StrictMode, useState } from 'react';
import { api } from '@/api/client';
import { invalidate } from '@/stores/freshness';
import { endpoints } from '@contract/endpoints';
import type { Page } from '@contract/types';
import { ok, url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { preload, PRELOAD_KEPT_MS, usePagedList, useRequest } from './server-state';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useRequest', () => {
  /** A route loader's request (decision 0036): taken once by the first fetch with its key, if fresh. */
  describe('a loader’s request', () => {
    afterEach(() => vi.restoreAllMocks());

    function Shown({ fetcher }: { fetcher: () => Promise<string> }) {
      const { data, reload } = useRequest(fetcher, [], { loadKey: 'k' });
      return (
        <button type="button" onClick={() => void reload()}>
          {data ?? '…'}
        </button>
      );
    }

    it('is taken by the first fetch with its key, and only by it', async () => {
      preload('k', () => Promise.resolve('来自加载器'));
      const own = vi.fn(() => Promise.resolve('自己的'));
      const { unmount } = render(<Shown fetcher={own} />);
      expect(await screen.findByText('来自加载器')).toBeInTheDocument();
      expect(own).not.toHaveBeenCalled();
      act(() => screen.getByRole('button').click());
      expect(await screen.findByText('自己的')).toBeInTheDocument();
      // Taken is taken: the screen mounted again fetches its own.
      unmount();
      render(<Shown fetcher={() => Promise.resolve('再次打开')} />);
      expect(await screen.findByText('再次打开')).toBeInTheDocument();
    });

    it('is dropped when it was answered longer than PRELOAD_KEPT_MS: the screen fetches its own', async () => {
      const now = Date.now();
      const answer = Promise.resolve('过期的');
      preload('k', () => answer);
      await answer;
      await Promise.resolve();
      vi.spyOn(Date, 'now').mockReturnValue(now + PRELOAD_KEPT_MS + 1);
      render(<Shown fetcher={() => Promise.resolve('新鲜的')} />);
      expect(await screen.findByText('新鲜的')).toBeInTheDocument();
    });

    it('is not started while a screen reading its key is mounted (the loaders’ module came late)', async () => {
      const own = vi.fn(() => Promise.resolve('自己的'));
      const { unmount } = render(<Shown fetcher={own} />);
      expect(await screen.findByText('自己的')).toBeInTheDocument();
      const late = vi.fn(() => Promise.resolve('迟到的'));
      preload('k', late);
      expect(late).not.toHaveBeenCalled();
      // Once the screen is gone, the next navigation's loader starts its call again.
      unmount();
      preload('k', late);
      expect(late).toHaveBeenCalledTimes(1);
    });

    it('is taken while still on its way, however long it has taken: a slow phone asks once', async () => {
      const now = Date.now();
      let answer!: (text: string) => void;
      preload('k', () => new Promise<string>((resolve) => (answer = resolve)));
      vi.spyOn(Date, 'now').mockReturnValue(now + PRELOAD_KEPT_MS * 3);
      const own = vi.fn(() => Promise.resolve('自己的'));
      render(<Shown fetcher={own} />);
      act(() => answer('慢但新鲜'));
      expect(await screen.findByText('慢但新鲜')).toBeInTheDocument();
      expect(own).not.toHaveBeenCalled();
    });
  });

  it('sends one request for two screens asking the same thing at once', async () => {
    let sent = 0;
    server.use(
      http.get(url(endpoints.noticeCount), () => {
        sent += 1;
        return ok({ unreadCount: sent });
      }),
    );
    function Count({ label }: { label: string }) {
      const { data } = useRequest(() => api.get<{ unreadCount: number }>(endpoints.noticeCount), []);
      return <p>{data ? `${label} ${data.unreadCount}` : `${label} …`}</p>;
    }
    render(
      <>
        <Count label="a" />
        <Count label="b" />
      </>,
    );
    expect(await screen.findByText('a 1')).toBeInTheDocument();
    expect(await screen.findByText('b 1')).toBeInTheDocument();
    expect(sent).toBe(1);
  });

  /** A kept-alive screen: <Activity> hides it (Effects destroyed) and shows it (Effects re-run). */
  function keptScreen(fetcher: () => Promise<string>) {
    let show!: (visible: boolean) => void;
    function Screen() {
      const { data, loading } = useRequest(fetcher, [], { refreshOn: ['consumptions'] });
      return <p>{loading ? 'loading' : data}</p>;
    }
    function Host() {
      const [visible, setVisible] = useState(true);
      show = setVisible;
      return (
        <Activity mode={visible ? 'visible' : 'hidden'}>
          <Screen />
        </Activity>
      );
    }
    render(
      <StrictMode>
        <Host />
      </StrictMode>,
    );
    return { show: (visible: boolean) => act(() => show(visible)) };
  }

  it('keeps what a kept screen loaded when it is shown again (no fetch)', async () => {
    const fetcher = vi.fn(async () => `answer ${fetcher.mock.calls.length}`);
    const kept = keptScreen(fetcher);
    expect(await screen.findByText('answer 1')).toBeInTheDocument();
    await kept.show(false);
    await kept.show(true);
    await kept.show(false);
    await kept.show(true);
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('fetches again, quietly, when a kept screen is shown after a write invalidated its topic', async () => {
    const second = deferred<string>();
    const fetcher = vi.fn(() => (fetcher.mock.calls.length === 1 ? Promise.resolve('before') : second.promise));
    const kept = keptScreen(fetcher);
    expect(await screen.findByText('before')).toBeInTheDocument();
    await kept.show(false);
    act(() => invalidate('rights'));
    await kept.show(true);
    expect(fetcher).toHaveBeenCalledTimes(1); // another topic: nothing to do
    await kept.show(false);
    act(() => invalidate('consumptions'));
    await kept.show(true);
    expect(fetcher).toHaveBeenCalledTimes(2);
    // Quietly: the old data stays on screen while the new one is on its way.
    expect(screen.getByText('before')).toBeInTheDocument();
    await act(async () => second.resolve('after'));
    expect(await screen.findByText('after')).toBeInTheDocument();
  });

  it('lands only the latest fetch: an older answer for other deps is dropped', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const { result, rerender } = renderHook(({ id }) => useRequest(() => answers[id].promise, [id]), {
      initialProps: { id: 0 },
    });
    rerender({ id: 1 });
    await act(async () => answers[1].resolve('one'));
    await act(async () => answers[0].resolve('zero'));
    expect(result.current.data).toBe('one');
    expect(result.current.loading).toBe(false);
  });

  it('reload shows the skeleton and the error; refresh keeps the data, and keeps it on failure', async () => {
    let next: Promise<string> = Promise.resolve('first');
    const { result } = renderHook(() => useRequest(() => next, []));
    await waitFor(() => expect(result.current.data).toBe('first'));

    const failing = deferred<string>();
    next = failing.promise;
    let refreshed!: Promise<void>;
    act(() => void (refreshed = result.current.refresh()));
    expect(result.current.loading).toBe(false);
    await act(async () => {
      failing.reject(new Error('offline'));
      await refreshed;
    });
    expect(result.current.data).toBe('first');
    expect(result.current.error).toBeUndefined();

    next = Promise.reject(new Error('offline'));
    await act(() => result.current.reload());
    expect(result.current.error).toEqual(new Error('offline'));
    next = Promise.resolve('second');
    await act(() => result.current.reload());
    expect(result.current.data).toBe('second');
    expect(result.current.error).toBeUndefined();
  });
});

describe('usePagedList', () => {
  interface Row {
    id: number;
  }
  const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: from + i }));
  const page = (pageNum: number, list: Row[], total: number): Page<Row> => ({ list, total, pageNum, pageSize: 2 });
  const ids = (items: Row[]) => items.map((row) => row.id);
  const key = (row: Row) => row.id;

  function paged(fetchPage: (pageNum: number) => Promise<Page<Row>>) {
    return renderHook(() => usePagedList(fetchPage, [], { key }));
  }

  it('loads the first page, appends the next ones, and ends at the total', async () => {
    const fetchPage = vi.fn(async (n: number) => page(n, rows(n * 10, n < 3 ? 2 : 1), 5));
    const { result } = paged(fetchPage);
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(ids(result.current.items)).toEqual([10, 11]));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    await act(() => result.current.loadMore());
    expect(ids(result.current.items)).toEqual([10, 11, 20, 21, 30]);
    expect(result.current.total).toBe(5);
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2, 3]);
  });

  it('ends on an empty page even if the total promised more, and repeats no row a shifted page brings again', async () => {
    const pages: Record<number, Page<Row>> = {
      1: page(1, rows(1, 2), 6),
      2: page(2, [{ id: 2 }, { id: 3 }], 6), // a row arrived meanwhile: row 2 comes again
      3: page(3, [], 6),
    };
    const { result } = paged(async (n) => pages[n]);
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    await act(() => result.current.loadMore());
    expect(ids(result.current.items)).toEqual([1, 2, 3]);
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    expect(ids(result.current.items)).toEqual([1, 2, 3]);
    expect(result.current.hasMore).toBe(false);
  });

  it('shows a first-page error, and retry loads it again with the skeleton', async () => {
    let fail = true;
    const { result } = paged(async (n) => {
      if (fail) throw new Error('offline');
      return page(n, rows(1, 2), 2);
    });
    await waitFor(() => expect(result.current.error).toEqual(new Error('offline')));
    expect(result.current.loading).toBe(false);
    fail = false;
    let retried!: Promise<void>;
    act(() => void (retried = result.current.retry()));
    expect(result.current.loading).toBe(true);
    expect(result.current.error).toBeUndefined();
    await act(() => retried);
    expect(ids(result.current.items)).toEqual([1, 2]);
  });

  it('rejects a failed next page (the list offers its retry) and keeps the rows', async () => {
    const { result } = paged(async (n) => {
      if (n === 2) throw new Error('offline');
      return page(n, rows(1, 2), 4);
    });
    await waitFor(() => expect(result.current.hasMore).toBe(true));
    await act(() => expect(result.current.loadMore()).rejects.toThrow('offline'));
    expect(ids(result.current.items)).toEqual([1, 2]);
    expect(result.current.error).toBeUndefined();
  });

  it('refresh starts the list over quietly, keeps it on failure, and drops a next page that began before', async () => {
    let generation = 1;
    const later = deferred<Page<Row>>();
    const fetchPage = vi.fn(async (n: number) => {
      if (n === 2) return later.promise;
      if (generation === 3) throw new Error('offline');
      return page(1, rows(generation * 100, 2), 4);
    });
    const { result } = paged(fetchPage);
    await waitFor(() => expect(ids(result.current.items)).toEqual([100, 101]));

    let more!: Promise<void>;
    act(() => void (more = result.current.loadMore()));
    generation = 2;
    let refreshed!: Promise<void>;
    act(() => void (refreshed = result.current.refresh()));
    expect(result.current.loading).toBe(false);
    await act(() => refreshed);
    expect(ids(result.current.items)).toEqual([200, 201]);
    await act(async () => {
      later.resolve(page(2, rows(102, 2), 4));
      await more;
    });
    expect(ids(result.current.items)).toEqual([200, 201]);

    generation = 3;
    await act(() => result.current.refresh());
    expect(ids(result.current.items)).toEqual([200, 201]);
    expect(result.current.error).toBeUndefined();
  });

  it('changes loaded rows locally (read one, read all)', async () => {
    const { result } = paged(async (n) => page(n, rows(1, 2), 2));
    await waitFor(() => expect(ids(result.current.items)).toEqual([1, 2]));
    act(() => result.current.updateItems((items) => items.filter((row) => row.id !== 1)));
    expect(ids(result.current.items)).toEqual([2]);
  });
});
