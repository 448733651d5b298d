import { act, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { endpoints } from '@contract/endpoints';
import { server } from '../../tests/mocks/server';
import { renderScreen } from '../../tests/render';
import { buildRouteObjects } from './router';
import { notFoundRoute, type RouteDef, routes } from './routes';

const CUSTOMER = '13800138000';

/** The gateway calls made to `path` (query aside) since the test began. */
function callsTo(path: string): () => number {
  let count = 0;
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith(path)) count += 1;
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return () => count;
}

/** The app's route table, with `path`'s chunk held until `release` is called. */
function holdChunk(path: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let resolved = false;
  const table = routes.map((row) =>
    row.path !== path
      ? row
      : {
          ...row,
          screen: async (): Promise<{ default: ComponentType }> => {
            const module = await row.screen();
            await held;
            resolved = true;
            return module;
          },
        },
  );
  return {
    routes: buildRouteObjects(table satisfies RouteDef[], notFoundRoute),
    // Async, so Testing Library keeps the act environment on until React has flushed the
    // chunk's render (an awaited sync act flushes after it has turned it off).
    release: () => act(async () => release()),
    resolved: () => resolved,
  };
}

const noticeItems = () => within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('listitem');

/** A route's loader starts its screen's first calls beside the chunk (decision 0036). */
describe('route loaders', () => {
  it("starts /message's list beside its chunk on a tap, and the screen makes no second call", async () => {
    const calls = callsTo(endpoints.noticeList);
    const chunk = holdChunk('/message');
    const { router } = renderScreen('/mine?indexCode=index', { user: CUSTOMER, routes: chunk.routes });
    await screen.findByRole('heading', { name: '我的' });
    expect(calls()).toBe(0);
    act(() => void router.navigate('/message'));
    await waitFor(() => expect(calls()).toBe(1));
    expect(chunk.resolved()).toBe(false);
    await chunk.release();
    await waitFor(() => expect(noticeItems()).toHaveLength(10));
    expect(calls()).toBe(1);
  });

  it("starts the landing route's calls at boot, once", async () => {
    const calls = callsTo(endpoints.rightsList);
    const chunk = holdChunk('/rights');
    renderScreen('/rights?indexCode=index', { user: CUSTOMER, routes: chunk.routes });
    await waitFor(() => expect(calls()).toBe(1));
    expect(chunk.resolved()).toBe(false);
    await chunk.release();
    await waitFor(() => expect(document.querySelector('.right-card')).not.toBeNull());
    expect(calls()).toBe(1);
  });

  it("starts the home's configuration beside its chunk on the tab 首页, and the home makes no second call", async () => {
    const calls = callsTo('/jsons/indexConfig.json');
    const chunk = holdChunk('/index');
    const { router } = renderScreen('/mine?indexCode=index', { user: CUSTOMER, routes: chunk.routes });
    await screen.findByRole('heading', { name: '我的' });
    const before = calls();
    act(() => void router.navigate('/index?indexCode=index'));
    await waitFor(() => expect(calls()).toBe(before + 1));
    expect(chunk.resolved()).toBe(false);
    await chunk.release();
    expect(await screen.findByText('年度体检，预约即享')).toBeInTheDocument();
    expect(calls()).toBe(before + 1);
  });

  it('makes no call for a guest, who sees the login view there', async () => {
    const calls = callsTo(endpoints.noticeList);
    renderScreen('/message');
    await screen.findByText('登录后查看您的消息');
    expect(calls()).toBe(0);
  });

  it('starts nothing offline, where the screen shows its offline state', async () => {
    const calls = callsTo(endpoints.noticeList);
    const chunk = holdChunk('/message');
    const { router } = renderScreen('/mine?indexCode=index', { user: CUSTOMER, routes: chunk.routes });
    await screen.findByRole('heading', { name: '我的' });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => offline.mockRestore());
    act(() => void router.navigate('/message'));
    // The loaders' module is the one the navigation would import: once it is here, a loader
    // that ran has made its call.
    await import('./route-data');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls()).toBe(0);
    expect(chunk.resolved()).toBe(false);
  });

  it('does not call again when a kept screen is shown again', async () => {
    const calls = callsTo(endpoints.noticeList);
    const { router } = renderScreen('/message', { user: CUSTOMER });
    await waitFor(() => expect(noticeItems()).toHaveLength(10));
    await act(() => router.navigate('/mine?indexCode=index'));
    await screen.findByRole('heading', { name: '我的' });
    await act(() => router.navigate('/message'));
    expect(calls()).toBe(1);
  });
});
