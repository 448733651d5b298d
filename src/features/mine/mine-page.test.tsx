// @vitest-environment jsdom
// jsdom: happy-dom misses the accessible names of the count buttons (decision 0066).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import type { MockInstance } from 'vitest';
import { getConsumeCount } from '@/api/consumptions';
import { getRights } from '@/api/rights';
import * as dialog from '@/lib/dialog';
import { useUserStore } from '@/stores/user';
import { endpoints } from '@contract/endpoints';
import { db } from '../../../tests/mocks/db';
import { formBody, ok, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

// The confirmation is asked of a stand-in: the answer is the test's.
let confirm: MockInstance<typeof dialog.confirm>;
beforeEach(() => {
  confirm = vi.spyOn(dialog, 'confirm').mockResolvedValue(false);
});
afterEach(() => confirm.mockRestore());

const CUSTOMER = '13800138000';
const AGENT = '13900139000';

const menu = () => screen.findByRole('navigation', { name: '我的菜单' });

describe('/mine', () => {
  it('shows the avatar, nickname, masked phone, the counts and the menu', async () => {
    renderScreen('/mine?indexCode=index', { user: CUSTOMER });
    const nav = await menu();
    expect(screen.getByText('张晓明')).toBeInTheDocument();
    expect(screen.getByText('138****8000')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '默认头像' })).toBeInTheDocument();

    // What the gateway (msw) says, asked the way the screen asks.
    const available = (await getRights({ status: 'available' })).length;
    const toEvaluate = (await getConsumeCount()).toEvaluate;
    expect(available).toBeGreaterThan(0);
    expect(toEvaluate).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: `${available}可用权益` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${toEvaluate}待评价` })).toBeInTheDocument();
    await screen.findByRole('button', { name: '5未读消息' });

    for (const label of [
      '我的权益',
      '使用记录',
      '消息中心',
      '个人信息',
      '服务列表',
      '用户协议',
      '用户须知',
      '隐私政策',
      '解除绑定',
    ]) {
      expect(within(nav).getByRole('button', { name: new RegExp(label) })).toBeInTheDocument();
    }
    // A customer has no share code.
    expect(within(nav).queryByRole('button', { name: /我的推广码/ })).toBeNull();
  });

  it('gives an agent the share code entry, which opens /my/share', async () => {
    const { user, router } = renderScreen('/mine?indexCode=index', { user: AGENT });
    const nav = await menu();
    await user.click(within(nav).getByRole('button', { name: /我的推广码/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/share'));
  });

  it('unbinds after confirmation: store and cookie cleared, home replaces the page', async () => {
    confirm.mockResolvedValueOnce(true);
    const { user, router } = renderScreen('/mine?indexCode=ebt', { user: CUSTOMER });
    expect(Cookies.get('token')).toBe('mock-token-13800138000');
    const nav = await menu();
    await user.click(within(nav).getByRole('button', { name: /解除绑定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(router.state.location.search).toBe('?indexCode=ebt');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useUserStore.getState().token).toBe('');
    expect(useUserStore.getState().userInfo).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(db.tokens.has('mock-token-13800138000')).toBe(false);
  });

  it('keeps the user bound when they cancel', async () => {
    confirm.mockResolvedValueOnce(false);
    const { user, router } = renderScreen('/mine?indexCode=index', { user: CUSTOMER });
    await user.click(within(await menu()).getByRole('button', { name: /解除绑定/ }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/mine');
    expect(useUserStore.getState().token).not.toBe('');
  });
});

describe('avatar change', () => {
  let drawnSizes: string[];
  let drawn: number[][];
  beforeEach(() => {
    drawnSizes = [];
    drawn = [];
    // jsdom has no image decoding and no canvas: stand in for both, keeping the sizes honest.
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4000, height: 3000, close: vi.fn() })),
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          fillStyle: '',
          fillRect: vi.fn(),
          drawImage: (_source: unknown, ...rest: number[]) => drawn.push(rest),
        }) as never,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
      this: HTMLCanvasElement,
      type?: string,
    ) {
      drawnSizes.push(`${this.width}x${this.height}`);
      return `data:${type};base64,${btoa(`${this.width}x${this.height}`)}`;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const bigPhoto = () => new File([new Uint8Array(4096)], 'photo.png', { type: 'image/png' });
  const cropScreen = () => screen.findByRole('dialog', { name: '裁剪头像' });
  /** Fingers on the crop viewport (300 px wide without layout): [pointerId, from, to]. */
  const touch = (viewport: HTMLElement, fingers: [number, [number, number], [number, number]][]) => {
    for (const [pointerId, [x, y]] of fingers) fireEvent.pointerDown(viewport, { pointerId, clientX: x, clientY: y });
    for (const [pointerId, , [x, y]] of fingers) fireEvent.pointerMove(viewport, { pointerId, clientX: x, clientY: y });
    for (const [pointerId, , [x, y]] of fingers) fireEvent.pointerUp(viewport, { pointerId, clientX: x, clientY: y });
  };

  it('sends a 4000×3000 picture as a 512 px square of the region the customer placed', async () => {
    const sent: Record<string, string>[] = [];
    server.use(
      http.post(url(endpoints.updateHead), async ({ request }) => {
        sent.push(await formBody(request));
        return ok({ headUrl: '/avatars/u-13800138000.jpg' });
      }),
    );
    const { user } = renderScreen('/mine?indexCode=index', { user: CUSTOMER });
    await menu();
    await user.upload(screen.getByLabelText('更换头像'), bigPhoto());
    const crop = await cropScreen();
    expect(sent).toHaveLength(0);
    // Moved 30 px left (and 20 px down, where the picture has no room to move).
    touch(within(crop).getByTestId('crop-viewport'), [[1, [150, 150], [120, 170]]]);
    await user.click(within(crop).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // At zoom 1 the 3000 px square starts centred at x 500; 30 viewport px are 300 picture px.
    expect(drawn).toEqual([[800, 0, 3000, 3000, 0, 0, 512, 512]]);
    expect(sent[0].headImg).toBe(`data:image/jpeg;base64,${btoa('512x512')}`);
    expect(screen.queryByRole('dialog', { name: '裁剪头像' })).toBeNull();
    await waitFor(() => expect(useUserStore.getState().userInfo?.headUrl).toBe('/avatars/u-13800138000.jpg'));
    expect(screen.getByRole('img', { name: '张晓明的头像' })).toHaveAttribute('src', '/avatars/u-13800138000.jpg');
  });

  it('zooms with two fingers: a pinch to twice the size sends the middle half', async () => {
    server.use(http.post(url(endpoints.updateHead), () => ok({ headUrl: '/avatars/zoomed.jpg' })));
    const { user } = renderScreen('/mine?indexCode=index', { user: CUSTOMER });
    await menu();
    await user.upload(screen.getByLabelText('更换头像'), bigPhoto());
    const crop = await cropScreen();
    touch(within(crop).getByTestId('crop-viewport'), [
      [1, [125, 150], [100, 150]],
      [2, [175, 150], [200, 150]],
    ]);
    await user.click(within(crop).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(useUserStore.getState().userInfo?.headUrl).toBe('/avatars/zoomed.jpg'));
    expect(drawn).toEqual([[1250, 750, 1500, 1500, 0, 0, 512, 512]]);
  });

  it('sends nothing when the crop is cancelled', async () => {
    const sent = vi.fn();
    server.use(http.post(url(endpoints.updateHead), () => sent()));
    const { user } = renderScreen('/mine?indexCode=index', { user: CUSTOMER });
    await menu();
    await user.upload(screen.getByLabelText('更换头像'), bigPhoto());
    await user.click(within(await cropScreen()).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog', { name: '裁剪头像' })).toBeNull();
    expect(drawn).toEqual([]);
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: '默认头像' })).toBeInTheDocument();
  });

  it('shows a failed upload as 失败 with the reason, and retries it', async () => {
    let calls = 0;
    server.use(
      http.post(url(endpoints.updateHead), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : ok({ headUrl: '/avatars/retried.jpg' });
      }),
    );
    const { user } = renderScreen('/mine?indexCode=index', { user: CUSTOMER });
    await menu();
    await user.upload(screen.getByLabelText('更换头像'), bigPhoto());
    await user.click(within(await cropScreen()).getByRole('button', { name: '确定' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('头像上传失败：网络异常，请稍后重试');
    expect(screen.getByText('失败')).toBeInTheDocument();
    expect(useUserStore.getState().userInfo?.headUrl).toBe('');

    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(useUserStore.getState().userInfo?.headUrl).toBe('/avatars/retried.jpg'));
    expect(calls).toBe(2);
    // The retry re-sent the picture already cropped and resized: drawn once.
    expect(drawnSizes).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => undefined);
  });
});
