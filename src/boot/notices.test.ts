import { arrivedNotices, forgetEarlyNotices, pendingNotices } from '@/features/messages/early-notices';
import { NOTICE_LIST_SKELETON, NOTICE_PAGE_SIZE } from '@/features/messages/notice-text';
import { Desc } from '@contract/codes';
import { endpoints, Header } from '@contract/endpoints';
import type { Notice, Page } from '@contract/types';
import { bootHooks, openDrawing, templates } from '../../tests/first-paint';
import { drawNotices } from './notices';

/** /message's boot module (decision 0057): what it asks for, what it draws, and what it hands the app. */
const NOTICE: Notice = {
  id: 1,
  title: '体检报告已生成',
  content: '<p>请查看<b>报告</b></p><!-- x --><script>window.PWNED=1</script>',
  noticeType: 'service',
  readFlag: 0,
  createTime: '2026-10-01 09:00:00',
};
const PAGE: Page<Notice> = { list: [NOTICE, { ...NOTICE, id: 2, readFlag: 1 }], total: 2, pageNum: 1, pageSize: 10 };
const envelope = (obj: unknown) => ({ code: 200, desc: Desc.ok, obj });

/** Opens `url` with this drawing alone (tests/first-paint.ts). */
const open = (url: string, options?: { guest?: boolean }) => openDrawing(url, drawNotices, options);

const rows = () => [...document.querySelectorAll('#root > .boot .notice-item')];
const loading = () => document.querySelector('#root > .boot .messages > .skeleton');
const count = () => document.querySelector('#root > .boot .messages__count')!.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__early?.notices;
  delete window.__boot;
});

describe('src/boot/notices.ts', () => {
  it('asks a customer’s first page once, with docs/product.md §7’s headers, and draws the bar and loading rows', () => {
    const { calls } = open('/message');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${endpoints.noticeList}?pageNum=1&pageSize=${NOTICE_PAGE_SIZE}`);
    expect(calls[0].headers).toMatchObject({
      [Header.authorization]: 'Bearer tok 1',
      [Header.clientType]: 'H5',
      [Header.clientVersion]: '2.2.1',
      [Header.nonce]: expect.stringMatching(/^[0-9a-f]{32}$/),
      [Header.timestamp]: expect.stringMatching(/^\d+$/),
    });
    window.__boot!.screen!();
    expect(document.querySelector('.boot .messages__read-all')!.textContent).toBe('全部已读');
    expect(loading()!.querySelectorAll('.skeleton__row')).toHaveLength(NOTICE_LIST_SKELETON.rows);
    expect(count()).toBe('');
  });

  it('draws nothing and asks nothing for a guest or on another path', () => {
    for (const [url, guest] of [
      ['/message', true],
      ['/rights', false],
      ['/messages', false],
    ] as const) {
      const { calls } = open(url, { guest });
      expect(calls, url).toHaveLength(0);
      expect(window.__boot?.screen, url).toBeUndefined();
      expect(window.__early?.notices, url).toBeUndefined();
    }
    // A token cookie without the stored customer is a guest too (decision 0023).
    const { calls } = open('/message');
    localStorage.removeItem('user');
    delete window.__early?.notices;
    drawNotices(bootHooks(), templates);
    expect(calls).toHaveLength(1);
    expect(window.__early?.notices).toBeUndefined();
  });

  it('fills the frame when the answer comes after it (late), and draws it filled when it came before', async () => {
    const late = open('/message');
    window.__boot!.screen!();
    expect(rows()).toHaveLength(0);
    late.respond(envelope(PAGE));
    await window.__early!.notices!.page;
    expect(rows()).toHaveLength(2);
    expect(loading()).toBeNull();
    expect(count()).toBe('1条未读');
    // The summary by the screen's own rules: markup, comments and scripts gone, as text.
    expect(document.querySelector('.boot .notice-item__summary')!.textContent).toBe('请查看报告');
    expect(document.querySelector('.boot script, .boot b')).toBeNull();
    // The app waits for the drawn list (a frame where the browser cannot tell when it is shown).
    expect(await window.__boot?.hold).toBeUndefined();

    const early = open('/message');
    early.respond(envelope(PAGE));
    await window.__early!.notices!.page;
    window.__boot!.screen!();
    expect(rows()).toHaveLength(2);
  });

  it('leaves a failed call, a clock refusal or a page that is not of notices to the app: the loading rows stay', async () => {
    const refusal = { code: 401, desc: Desc.clock, obj: { reason: 'clock', serverTime: Date.now() + 600_000 } };
    const foreign = envelope({ ...PAGE, list: [{ ...NOTICE, noticeType: 'toString' }] });
    for (const outcome of ['fail', refusal, envelope(null), foreign]) {
      const call = open('/message');
      window.__boot!.screen!();
      if (outcome === 'fail') call.fail();
      else call.respond(outcome);
      expect(await window.__early!.notices!.page).toBeNull();
      expect(window.__early!.notices!.arrived).toBeUndefined();
      expect(await window.__boot?.hold).toBeNull();
      expect(rows()).toHaveLength(0);
      expect(loading()).not.toBeNull();
    }
  });

  it('hands the app the answer for the token it carried, so the screen asks no second time', async () => {
    const { calls, respond } = open('/message');
    expect(pendingNotices('tok 1')).toBe(window.__early!.notices!.page);
    expect(pendingNotices('another')).toBeUndefined();
    respond(envelope(PAGE));
    await window.__early!.notices!.page;
    expect(arrivedNotices('tok 1')).toEqual(PAGE);
    expect(pendingNotices('tok 1')).toBeUndefined();
    forgetEarlyNotices();
    expect(arrivedNotices('tok 1')).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
