import { waitFor } from '@testing-library/react';
import { http } from 'msw';
import { demoRights } from '@contract/demo-data';
import { endpoints } from '@contract/endpoints';
import type { Notice, Page, Right } from '@contract/types';
import { bootPage, buildConfig, structure } from '../../tests/first-paint';
import { demoUser, userInfoOf } from '../../tests/mocks/db';
import { ok, url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { renderScreen } from '../../tests/render';

/**
 * What paints before the app against React's first render of the same screen with the same
 * answer (decision 0057): for each part the page draws, the element tree, classes, aria
 * attributes and texts must be the same. Renaming a class or rewording a text in one of the
 * screens' components, and not in the page's copy, fails here.
 */
const CUSTOMER = '13800138000';

/** The page's drawing of `selector`s on `url`, taken before the app renders. */
async function drawn(url: string, selectors: string[], options: Parameters<typeof bootPage>[1] = {}) {
  bootPage(url, options);
  await window.__early?.rights?.page;
  await window.__early?.notices?.page;
  const parts = selectors.map((selector) => {
    const found = [...document.querySelectorAll(`#root > .boot ${selector}`)];
    expect(found.length, `${url}: the page draws ${selector}`).toBeGreaterThan(0);
    return found.map(structure);
  });
  vi.unstubAllGlobals();
  delete window.__boot;
  delete window.__early;
  document.documentElement.removeAttribute('data-boot');
  document.body.innerHTML = '';
  return parts;
}

/** React's render of `url` once `ready` is on screen, its `selectors` as structures. */
async function fromTheScreen(url: string, selectors: string[], ready: string, { guest = false } = {}) {
  renderScreen(url, { user: guest ? undefined : CUSTOMER });
  await waitFor(() => expect(document.querySelector(ready)).not.toBeNull(), { timeout: 30_000 });
  return selectors.map((selector) => [...document.querySelectorAll(`.app ${selector}`)].map(structure));
}

afterEach(() => {
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
});

describe('what paints before the app is what the screen renders first', () => {
  it('/rights: the tabs and the tab’s cards (RightCard)', async () => {
    const rights: Right[] = demoRights
      .filter((r) => r.userId === demoRights[0].userId)
      .map(({ userId: _user, ...r }) => ({
        ...r,
        status: r.validTo < '2026-01-01' ? 'expired' : r.usedTimes === r.totalTimes ? 'used' : 'available',
      }));
    const parts = ['.rights__tab', '.rights__list'];
    const page = await drawn('/rights', parts, { answer: { code: 200, desc: '成功', obj: rights } });
    server.use(http.get(url(endpoints.rightsList), () => ok(rights)));
    expect(await fromTheScreen('/rights', parts, '.right-card')).toEqual(page);
  });

  it('/message: the first page of notices (NoticeItem)', async () => {
    const list: Notice[] = [
      {
        id: 1,
        title: '体检报告已生成',
        content: '<p>请查看</p>',
        noticeType: 'service',
        readFlag: 0,
        createTime: '2026-10-01 09:00:00',
      },
      {
        id: 2,
        title: '权益到期提醒',
        content: '<p>还有 30 天</p>',
        noticeType: 'rights',
        readFlag: 1,
        createTime: '2026-09-20 15:25:30',
      },
    ];
    const answer: Page<Notice> = { list, total: 2, pageNum: 1, pageSize: 10 };
    const parts = ['.messages__list'];
    const page = await drawn('/message', parts, { answer: { code: 200, desc: '成功', obj: answer } });
    server.use(http.get(url(endpoints.noticeList), () => ok(answer)));
    expect(await fromTheScreen('/message', parts, '.notice-item')).toEqual(page);
  });

  it('/mine: the customer’s name and masked phone, the counts’ loading row', async () => {
    const parts = ['.mine__who', '.mine-counts'];
    const page = await drawn('/mine', parts, { userInfo: userInfoOf(demoUser(CUSTOMER)) });
    expect(await fromTheScreen('/mine', parts, '.mine__who')).toEqual(page);
  });

  it('/indexNew: the header and the customer’s reserved slots', async () => {
    const parts = ['.home-new__header', '.notice-ticker', '.rights-summary'];
    const page = await drawn('/indexNew', parts);
    expect(await fromTheScreen('/indexNew', parts, '.home-new__banner')).toEqual(page);
  });

  it('/index: the first banner and, for a guest, the login hint', async () => {
    const parts = ['.banner', '.login-hint__text', '.login-hint__button'];
    const page = await drawn('/index', parts, { guest: true });
    const onScreen = await fromTheScreen('/index', parts, '.login-hint', { guest: true });
    expect(onScreen[0][0]).toEqual(page[0][0]);
    expect(onScreen.slice(1)).toEqual(page.slice(1));
    expect(buildConfig.index.banners.length).toBeGreaterThan(0);
  });
});
