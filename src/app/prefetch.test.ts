import { reloadPage } from '@/lib/browser-location';
import { installPreloadErrorRecovery, RELOAD_KEY } from './lazy-screen';
import { prefetchNext } from './prefetch';

const loaders = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('./route-data', () => {
  loaders.loaded();
  return { loaders: {}, runLoader: () => undefined };
});
import type { RouteDef } from './routes';
import { routes } from './routes';

const row = (
  path: string,
  auth: RouteDef['auth'] = 'optional',
  next?: string[],
  load?: RouteDef['load'],
): RouteDef => ({
  path,
  auth,
  next,
  load,
  screen: vi.fn(() => Promise.resolve({ default: () => null })),
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The likely next screens load once the page has settled (decision 0031). */
describe('prefetchNext', () => {
  afterEach(() => vi.restoreAllMocks());

  it("loads the next rows' chunks once the page has settled, not before", async () => {
    const table = [row('/a', 'optional', ['/b', '/c', '/nowhere']), row('/b'), row('/c', 'required')];
    prefetchNext('/a', true, table);
    expect(table[1].screen).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(table[2].screen).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    expect(table[1].screen).toHaveBeenCalledTimes(1);
    expect(table[0].screen).not.toHaveBeenCalled();
  });

  it('skips the rows behind login for a guest', async () => {
    const table = [row('/a', 'optional', ['/b', '/c']), row('/b'), row('/c', 'required')];
    prefetchNext('/a', false, table);
    await vi.waitFor(() => expect(table[1].screen).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    await nextTask();
    expect(table[2].screen).not.toHaveBeenCalled();
  });

  it('fetches nothing offline, and nothing once cancelled', async () => {
    const table = [row('/a', 'optional', ['/b']), row('/b')];
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    prefetchNext('/a', true, table);
    await vi.waitFor(() => expect(online).toHaveBeenCalled(), { timeout: 30_000 });
    online.mockReturnValue(true);
    prefetchNext('/a', true, table)();
    await nextTask();
    await nextTask();
    expect(table[1].screen).not.toHaveBeenCalled();
  });

  it('does not start at the first tap: the tapped screen loads alone', () => {
    // The idle moment is held, so only a tap could start the prefetch.
    let idle: (() => void) | undefined;
    Object.assign(window, {
      requestIdleCallback: (callback: () => void) => ((idle = callback), 1),
      cancelIdleCallback: () => undefined,
    });
    vi.useFakeTimers();
    try {
      const table = [row('/a', 'optional', ['/b']), row('/b')];
      prefetchNext('/a', true, table);
      vi.advanceTimersByTime(0);
      for (const type of ['pointerdown', 'pointerup', 'keyup']) window.dispatchEvent(new Event(type));
      // Well past the tap's frame and the task after it.
      vi.advanceTimersByTime(500);
      expect(table[1].screen).not.toHaveBeenCalled();
      idle?.();
      expect(table[1].screen).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it("loads the route loaders' module when a next row has a loader, and only then", async () => {
    const table = [
      row('/a', 'optional', ['/b']),
      row('/b'),
      row('/c', 'optional', ['/d']),
      row('/d', 'optional', [], 'notices'),
    ];
    prefetchNext('/a', true, table);
    await vi.waitFor(() => expect(table[1].screen).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    await nextTask();
    expect(loaders.loaded).not.toHaveBeenCalled();
    prefetchNext('/c', true, table);
    await vi.waitFor(() => expect(loaders.loaded).toHaveBeenCalledTimes(1), { timeout: 30_000 });
  });

  it('does not reload the page when a prefetched chunk fails to load', async () => {
    installPreloadErrorRecovery();
    const failing = () => {
      // Vite's preload helper reports the failed chunk before the import rejects.
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      return Promise.reject(new Error('chunk'));
    };
    const table = [row('/a', 'optional', ['/b']), { ...row('/b'), screen: vi.fn(failing) }];
    prefetchNext('/a', true, table);
    await vi.waitFor(() => expect(table[1].screen).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    await nextTask();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
    // A screen's own load failing still reloads once.
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("names only the table's own paths as next screens", () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const r of routes) for (const target of r.next ?? []) expect(paths, `${r.path} → ${target}`).toContain(target);
  });
});
