import { http as mswHttp, HttpResponse } from 'msw';
import { endpoints } from '@contract/endpoints';
import { url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { logInAs } from '../../tests/render';
import { refreshUnread, unreadChanged, useUnreadStore } from './unread';

/** Answers the count with `unreadCount` (or `code`), counting the calls. */
function countAnswers(unreadCount: number, code = 200) {
  const calls = { n: 0 };
  server.use(
    mswHttp.get(url(endpoints.noticeCount), () => {
      calls.n += 1;
      return HttpResponse.json({
        code,
        desc: code === 200 ? '成功' : '其他',
        obj: code === 200 ? { unreadCount } : null,
      });
    }),
  );
  return calls;
}

describe('unread count', () => {
  it('starts at 0', () => {
    expect(useUnreadStore.getInitialState()).toEqual({ unreadCount: 0 });
  });

  it('is 0 while logged out, without calling the gateway', async () => {
    const calls = countAnswers(5);
    useUnreadStore.setState({ unreadCount: 3 });
    await refreshUnread();
    expect(useUnreadStore.getState().unreadCount).toBe(0);
    expect(calls.n).toBe(0);
  });

  it("takes the gateway's count when logged in", async () => {
    logInAs('13800138000');
    countAnswers(7);
    await refreshUnread();
    expect(useUnreadStore.getState().unreadCount).toBe(7);
  });

  it('keeps the count when the gateway answers with another code', async () => {
    logInAs('13800138000');
    countAnswers(9, 1234);
    useUnreadStore.setState({ unreadCount: 2 });
    await refreshUnread();
    expect(useUnreadStore.getState().unreadCount).toBe(2);
  });

  it('asks once at a time, and again once the answer came', async () => {
    logInAs('13800138000');
    const calls = countAnswers(4);
    const first = refreshUnread();
    expect(refreshUnread()).toBe(first);
    await first;
    expect(calls.n).toBe(1);
    await refreshUnread();
    expect(calls.n).toBe(2);
  });

  it('settles quietly, keeping the count, when the request fails', async () => {
    logInAs('13800138000');
    server.use(mswHttp.get(url(endpoints.noticeCount), () => HttpResponse.error()));
    useUnreadStore.setState({ unreadCount: 6 });
    await expect(refreshUnread()).resolves.toBeUndefined();
    expect(useUnreadStore.getState().unreadCount).toBe(6);
  });

  it('follows notices read here at once, never below 0', () => {
    unreadChanged(4);
    expect(useUnreadStore.getState().unreadCount).toBe(4);
    unreadChanged(-1);
    expect(useUnreadStore.getState().unreadCount).toBe(0);
  });
});
