import { screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { assignLocation } from '@/lib/browser-location';
import { useUserStore } from '@/stores/user';
import { loginGatewayUrl } from '../../../tests/login-state';
import { renderScreen } from '../../../tests/render';

const AGENT = '13900139000';
const CUSTOMER = '13800138000';

/**
 * Reads the QR code back from qrcode.react's SVG: its path draws each dark run as
 * `M{x} {y}h{w}v1H{x}z`; paint those modules into a bitmap and let jsQR decode it.
 */
function decodeQrSvg(svg: SVGSVGElement): string | null {
  const [, , cells] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const d = svg.querySelectorAll('path')[1].getAttribute('d') ?? '';
  const scale = 4;
  const edge = cells * scale;
  const pixels = new Uint8ClampedArray(edge * edge * 4).fill(255);
  for (const [, x, y, w] of d.matchAll(/M(\d+)[ ,](\d+)\s*h(\d+)v1H\d+z/g)) {
    for (let cx = Number(x); cx < Number(x) + Number(w); cx += 1) {
      for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py += 1) {
        for (let px = cx * scale; px < (cx + 1) * scale; px += 1) {
          const i = (py * edge + px) * 4;
          pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, edge, edge)?.data ?? null;
}

const qr = async () => (await screen.findByTestId('share-qr')) as unknown as SVGSVGElement;

describe('/my/share', () => {
  it("encodes the exact share URL with the agent's ids, with the name and the long-press hint", async () => {
    renderScreen('/my/share', { user: AGENT });
    const svg = await qr();
    expect(decodeQrSvg(svg)).toBe(`${window.location.origin}/share?promoterId=P100239&agentId=A9001`);
    expect(screen.getByText('李经理')).toBeInTheDocument();
    expect(screen.getByText('长按二维码保存或分享')).toBeInTheDocument();
    expect(screen.getByTitle('推广二维码')).toBeInTheDocument();
  });

  it('/my/shareNew points at /share1', async () => {
    renderScreen('/my/shareNew', { user: AGENT });
    expect(decodeQrSvg(await qr())).toBe(`${window.location.origin}/share1?promoterId=P100239&agentId=A9001`);
  });

  it('tells a customer why there is no code, gives none, and offers a way back', async () => {
    const { user, router } = renderScreen('/my/share', { user: CUSTOMER });
    expect(await screen.findByText(/推广码仅对代理人开放/)).toBeInTheDocument();
    expect(screen.queryByTestId('share-qr')).toBeNull();
    expect(document.querySelector('svg title')).toBeNull();
    await user.click(screen.getByRole('button', { name: '返回我的' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
  });
});

describe('/share and /share1', () => {
  it('shows the offer and the inviting agent, and leads to /loginShare with the ids', async () => {
    const { user, router } = renderScreen('/share?promoterId=P100239&agentId=A9001');
    expect(await screen.findByText('登录后可享')).toBeInTheDocument();
    expect(screen.getByText('A9001')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '立即登录，领取健康服务' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginShare'));
    expect(router.state.location.search).toBe('?promoterId=P100239&agentId=A9001');
  });

  it('/share1 starts the login itself, returning through /transferPage1 with the ids stored (decision 0025)', async () => {
    const { user } = renderScreen('/share1?promoterId=P100239&agentId=A9001');
    await user.click(await screen.findByRole('button', { name: '立即登录，领取健康服务' }));
    expect(useUserStore.getState()).toMatchObject({ promoterId: 'P100239', agentId: 'A9001' });
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(loginGatewayUrl('/transferPage1', 'h5portal', 'index'));
  });

  it.each(['/share', '/share1'])('%s with the Mn partner channel leads to /loginShareMn', async (path) => {
    const { user, router } = renderScreen(`${path}?promoterId=P100239&agentId=A9001&channel=mn`);
    await user.click(await screen.findByRole('button', { name: '立即登录，领取健康服务' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginShareMn'));
    expect(router.state.location.search).toBe('?promoterId=P100239&agentId=A9001');
  });

  it.each([
    '/share',
    '/share?promoterId=P100239',
    '/share?promoterId=P100239&agentId=%3Cscript%3E',
    `/share?promoterId=${'x'.repeat(33)}&agentId=A9001`,
  ])('says a broken link %s is invalid and offers no login', async (path) => {
    renderScreen(path);
    expect(await screen.findByText(/分享链接无效/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即登录，领取健康服务' })).toBeNull();
  });
});
