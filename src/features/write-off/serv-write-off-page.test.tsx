import { act, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { QRCodeSVG } from 'qrcode.react';
import { BizDesc } from '@contract/codes';
import { endpoints } from '@contract/endpoints';
import { db } from '../../../tests/mocks/db';
import { confirmWriteOff } from '../../../tests/mocks/handlers/benefits';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { openRecord, requestsTo } from '../../../tests/record-screen';

// Fake timers drive 60 s of polling and several screen loads: more than the default 5 s.

const codeOnScreen = async () => {
  const el = await screen.findByLabelText(/^核销码 \d{12}$/);
  return el.getAttribute('aria-label')!.slice(4);
};
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('/servWriteOff', () => {
  it('shows the code as a QR code and as digits in groups of four, with the service and a countdown', async () => {
    openRecord('/servWriteOff?rightId=4');
    const code = await codeOnScreen();
    expect(screen.getByText(code.match(/.{4}/g)!.join(' '))).toBeInTheDocument();
    // The QR code encodes the code itself: the same modules as a QR code drawn from the digits.
    const qr = screen.getByRole('img', { name: '核销二维码' });
    const { container } = render(<QRCodeSVG value={code} size={200} level="M" marginSize={1} />);
    expect(qr.querySelector('path:last-of-type')?.getAttribute('d')).toBe(
      container.querySelector('path:last-of-type')?.getAttribute('d'),
    );
    expect(screen.getByText('就医绿通')).toBeInTheDocument();
    expect(screen.getByText(/后失效/)).toHaveTextContent(/1[45]:\d\d/);
    expect(screen.getByText('核销码仅限本次使用，请勿截图转发给他人')).toBeInTheDocument();
    expect(document.title).toBe('服务核销 - 健康服务平台');
  });

  it('goes to /statusTwo when the provider confirms the code', async () => {
    const { router } = openRecord('/servWriteOff?rightId=4');
    const code = await codeOnScreen();
    confirmWriteOff(code, '康途医疗服务有限公司');
    await advance(2100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/statusTwo'));
    expect(await screen.findByRole('heading', { name: '核销成功' })).toBeInTheDocument();
    expect(screen.getByText('康途医疗服务有限公司')).toBeInTheDocument();
    const id = db.consumptions.find((c) => c.writeOffCode === code)!.id;
    expect(router.state.location.search).toBe(`?consumeId=${id}`);
  });

  it('goes to /statusThree when the code has expired, and 重新获取 starts a new code', async () => {
    const { router, user } = openRecord('/servWriteOff?rightId=4');
    const code = await codeOnScreen();
    db.consumptions.find((c) => c.writeOffCode === code)!.status = 'expired';
    await advance(2100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/statusThree'));
    expect(await screen.findByRole('heading', { name: '核销码已过期' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('rightId=4');
    expect(screen.getByRole('link', { name: /联系客服/ })).toHaveAttribute('href', 'tel:4008208820');
    await user.click(screen.getByRole('button', { name: '重新获取' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servWriteOff'));
    await waitFor(async () => expect(await codeOnScreen()).not.toBe(code));
  });

  it('goes to /statusOne after 60 s still pending; 继续等待 returns to the same code', async () => {
    const { router, user } = openRecord('/servWriteOff?rightId=4');
    const code = await codeOnScreen();
    await advance(58_000);
    expect(router.state.location.pathname).toBe('/servWriteOff');
    await advance(4_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/statusOne'));
    expect(await screen.findByRole('heading', { name: '等待核销' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '继续等待' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servWriteOff'));
    expect(await codeOnScreen()).toBe(code);
  });

  it('starts once per right: going away and back keeps the code and does not start again', async () => {
    const starts = requestsTo(endpoints.writeOff);
    const { router } = openRecord('/servWriteOff?rightId=4');
    const code = await codeOnScreen();
    await act(() => router.navigate('/index'));
    await screen.findByText('年度体检，预约即享');
    await act(() => router.navigate(-1));
    expect(await codeOnScreen()).toBe(code);
    expect(starts).toHaveLength(1);
  });

  it('stops polling while the kept screen is hidden, and resumes when shown', async () => {
    const polls = requestsTo(endpoints.consumeDetail);
    const { router } = openRecord('/servWriteOff?rightId=4');
    await codeOnScreen();
    await advance(4100);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    await act(() => router.navigate('/index'));
    await screen.findByText('年度体检，预约即享');
    const before = polls.length;
    await advance(10_000);
    expect(polls).toHaveLength(before);
    await act(() => router.navigate(-1));
    await codeOnScreen();
    await advance(2100);
    expect(polls.length).toBeGreaterThan(before);
  });

  it('stops polling when the screen is left (not kept screens: status pages)', async () => {
    const polls = requestsTo(endpoints.consumeDetail);
    const { router } = openRecord('/servWriteOff?rightId=4');
    const code = await codeOnScreen();
    confirmWriteOff(code);
    await advance(2100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/statusTwo'));
    await screen.findByRole('heading', { name: '核销成功' });
    const before = polls.length;
    await advance(10_000);
    expect(polls).toHaveLength(before);
  });

  it('stops polling while the document is hidden', async () => {
    const polls = requestsTo(endpoints.consumeDetail);
    openRecord('/servWriteOff?rightId=4');
    await codeOnScreen();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const before = polls.length;
    await advance(10_000);
    expect(polls).toHaveLength(before);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(2100);
    expect(polls.length).toBeGreaterThan(before);
  });

  it('shows the gateway’s refusal for a used-up right, with a way to /rights', async () => {
    openRecord('/servWriteOff?rightId=6');
    expect(await screen.findByText(BizDesc.rightUsedUp)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '查看我的权益' })).toBeInTheDocument();
    expect(screen.queryByText('核销码仅限本次使用，请勿截图转发给他人')).not.toBeInTheDocument();
  });

  it('shows a retry view on a network error', async () => {
    // The network stays down until the customer taps 重试 (not just for one request: a slow
    // machine may start the write-off again before the first failure has rendered).
    let down = true;
    server.use(http.post(url(endpoints.writeOff), () => (down ? Response.error() : undefined)));
    const { user } = openRecord('/servWriteOff?rightId=4');
    const retry = await screen.findByRole('button', { name: '重试' });
    down = false;
    await user.click(retry);
    await codeOnScreen();
  });
});
