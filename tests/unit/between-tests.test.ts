/**
 * tests/setup.ts waits, between tests, for the requests a test left in flight: they are answered
 * by that test's handlers and data. Answered after the reset, a request of a session the reset
 * forgot would toast 请先登录 in the next test.
 */
import Cookies from 'js-cookie';
import { http } from 'msw';
import { getNotices } from '@/api/notices';
import { showToast } from '@/lib/toast';
import { endpoints } from '@contract/endpoints';
import { db, demoUser } from '../mocks/db';
import { url } from '../mocks/handlers/common';
import { server } from '../mocks/server';

let leftInFlight: Promise<unknown> = Promise.resolve();

describe('between tests', () => {
  it('a test ends with a request of its own session still unanswered', () => {
    db.tokens.set('token-of-this-test', demoUser('13800138000').userId);
    Cookies.set('token', 'token-of-this-test', { path: '/' });
    // Answered a moment later, by the default handler.
    server.use(
      http.get(url(endpoints.noticeList), async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }),
    );
    leftInFlight = getNotices({ pageNum: 1, pageSize: 5 }).catch(() => undefined);
  });

  it('the next test starts once it was answered, as the session that sent it', async () => {
    await leftInFlight;
    expect(showToast).not.toHaveBeenCalled();
  });
});
