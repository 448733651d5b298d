import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { drawNotices } from '@/boot/notices';
import { Skeleton } from '@/components/skeleton';
import { demoNotices } from '@contract/demo-data';
import { endpoints } from '@contract/endpoints';
import type { Notice, Page } from '@contract/types';
import { bootHooks, builtPage, templates } from '../../../tests/first-paint';
import { ok, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';
import { loadNotices } from './message-data';
import { NoticeItem } from './notice-item';
import { NOTICE_LIST_SKELETON } from './notice-text';

/**
 * /message opened by a customer (decision 0040): index.html asks for the first page while it is
 * parsed and draws it as the screen would; the screen then shows that page and asks no second time.
 */
const bootRoot = builtPage().querySelector('#root')!.outerHTML;

const HOSTILE = '<img src=x onerror="window.PWNED=1">';
const notice = (id: number, fields: Partial<Notice> = {}): Notice => ({
  id,
  title: `通知${id}`,
  content: `<p>第${id}条</p>`,
  noticeType: 'system',
  readFlag: 1,
  createTime: '2026-10-01 09:00:00',
  ...fields,
});
const PAGE: Page<Notice> = {
  list: [
    notice(1, { title: HOSTILE, readFlag: 0, noticeType: 'service' }),
    notice(2, {
      content: `<style>p{}</style><script>window.PWNED=1</script><p>体检&lt;报告&gt;已生成</p>${HOSTILE}<br>${'很长的说明'.repeat(20)}`,
      noticeType: 'rights',
    }),
    notice(3, { readFlag: 0, createTime: '2026-09-20 15:25:30' }),
  ],
  total: 3,
  pageNum: 1,
  pageSize: 10,
};

interface Call {
  url: string;
  headers: Headers;
}

/** Opens index.html's boot on `path` as `customer` (stored user and token cookie), the answer held. */
function boot(path = '/message', { customer = true, token = 'token-1' } = {}) {
  if (customer) {
    localStorage.setItem('user', JSON.stringify({ state: { userInfo: { mobilePhone: '13800138000' } } }));
    document.cookie = `token=${encodeURIComponent(token)}; path=/`;
  }
  const calls: Call[] = [];
  let answer!: (body: unknown) => void;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    calls.push({ url: input, headers: new Headers(init?.headers) });
    return new Promise<Response>((resolve) => {
      answer = (body) => resolve(new Response(JSON.stringify(body)));
    });
  });
  window.history.replaceState(null, '', path);
  document.body.innerHTML = bootRoot;
  drawNotices(bootHooks(), templates);
  window.__boot?.screen?.();
  return { calls, answer: (body: unknown) => answer(body) };
}

/** An element tree as what a reader and the layout see: tags, classes, datetime and text, in order. */
function shape(element: Element): unknown {
  return [
    element.tagName,
    element.className,
    element.getAttribute('datetime'),
    [...element.childNodes].map((child) =>
      child.nodeType === Node.TEXT_NODE ? child.textContent : shape(child as Element),
    ),
  ];
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__early?.notices;
  delete window.__boot;
  delete (window as { PWNED?: number }).PWNED;
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe("index.html's early list on /message", () => {
  it('draws the first page exactly as the screen draws its notices, every text as text', async () => {
    const { answer } = boot();
    answer({ code: 200, desc: '', obj: PAGE });
    await waitFor(() => expect(document.querySelectorAll('#root .notice-item')).toHaveLength(3));

    const drawn = document.querySelector('#root .boot .messages__list')!;
    const { container } = render(
      <ul className="messages__list">
        {PAGE.list.map((n) => (
          <NoticeItem key={n.id} notice={n} onOpen={() => undefined} />
        ))}
      </ul>,
    );
    expect(shape(drawn)).toEqual(shape(container.querySelector('ul')!));
    expect(document.querySelector('#root .boot .messages__count')).toHaveTextContent('2条未读');
    expect(document.querySelector<HTMLButtonElement>('#root .boot .messages__read-all')!.disabled).toBe(false);
    expect(document.querySelector('#root .boot img, #root .boot script')).toBeNull();
    expect((window as { PWNED?: number }).PWNED).toBeUndefined();
    expect(window.__early?.notices?.arrived).toEqual(PAGE);
  });

  it('draws the screen’s own skeleton while the answer is on its way, and claims no count', async () => {
    const { answer } = boot();
    const messages = document.querySelector('#root .boot .messages')!;
    const drawn = messages.querySelector('.skeleton')!;
    const { container } = render(<Skeleton {...NOTICE_LIST_SKELETON} />);
    const own = container.querySelector('.skeleton')!;
    // The same rows at the same height, right below the bar, where the screen's skeleton sits.
    expect(shape(drawn)).toEqual(shape(own));
    const heights = (e: Element) => [...e.querySelectorAll<HTMLElement>('.skeleton__row')].map((r) => r.style.height);
    expect(heights(drawn)).toEqual(heights(own));
    expect(heights(drawn)).toHaveLength(NOTICE_LIST_SKELETON.rows);
    expect(drawn.previousElementSibling?.className).toBe('messages__bar');
    expect(messages.querySelector('.messages__count')).toHaveTextContent(/^$/);
    expect(messages.querySelector<HTMLButtonElement>('.messages__read-all')!.disabled).toBe(true);

    // The page takes the skeleton's place.
    answer({ code: 200, desc: '', obj: PAGE });
    await waitFor(() => expect(messages.querySelectorAll('.notice-item')).toHaveLength(3));
    expect(messages.querySelector('.skeleton')).toBeNull();
    expect(messages.querySelector('.messages__list')?.previousElementSibling?.className).toBe('messages__bar');
  });

  it("draws every demo notice: the page's check takes what the contract's Notice allows", async () => {
    const list = demoNotices.slice(0, 10).map(({ userId: _userId, ...n }): Notice => n);
    const { answer } = boot();
    answer({ code: 200, desc: '', obj: { list, total: list.length, pageNum: 1, pageSize: 10 } });
    expect(await window.__early!.notices!.page).not.toBeNull();
    expect(document.querySelectorAll('#root .notice-item')).toHaveLength(list.length);
  });

  it("asks for the screen's first page with docs/product.md §7's headers and the customer's bearer", () => {
    const { calls } = boot('/message', { token: 'a b;c' });
    expect(calls.map((c) => c.url)).toEqual([`${endpoints.noticeList}?pageNum=1&pageSize=10`]);
    const headers = calls[0].headers;
    expect(headers.get('Authorization')).toBe('Bearer a b;c');
    expect(headers.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(headers.get('timestamp'))).toBeGreaterThan(Date.now() - 60_000);
    expect(headers.get('clientType')).toBe('H5');
    expect(window.__early?.notices?.token).toBe('a b;c');
  });

  it('asks nothing for a guest, nor on another path, and leaves the boot skeleton alone', () => {
    expect(boot('/message', { customer: false }).calls).toEqual([]);
    expect(window.__early?.notices).toBeUndefined();
    expect(document.querySelector('#root > .boot .boot__header')).not.toBeNull();
    document.body.innerHTML = '';
    expect(boot('/rights').calls).toEqual([]);
    expect(window.__early?.notices).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['a refusal', { code: 401, desc: '登录已过期', obj: null }],
    ['a fault', { code: 500, desc: '系统繁忙', obj: null }],
    [
      'a notice of an unknown type',
      { code: 200, desc: '', obj: { ...PAGE, list: [notice(1, { noticeType: 'x' as never })] } },
    ],
    ['a notice without a time', { code: 200, desc: '', obj: { ...PAGE, list: [{ ...notice(1), createTime: 7 }] } }],
    // One field of the contract's Notice wrong at a time, in the second notice of the page.
    ...(
      [
        ['an id that is not a number', { id: '1' }],
        ['no title', { title: undefined }],
        ['content that is not text', { content: 1 }],
        ['a read flag other than 0 or 1', { readFlag: 2 }],
      ] as const
    ).map(([what, fields]): [string, unknown] => [
      `a notice with ${what}`,
      { code: 200, desc: '', obj: { ...PAGE, list: [PAGE.list[0], { ...PAGE.list[1], ...fields }] } },
    ]),
    ['no list', { code: 200, desc: '', obj: { total: 1 } }],
  ])('leaves %s to the screen: nothing drawn, nothing handed over', async (_what, body) => {
    const { answer } = boot();
    answer(body);
    await expect(window.__early!.notices!.page).resolves.toBeNull();
    expect(window.__early?.notices?.arrived).toBeUndefined();
    expect(document.querySelectorAll('#root .notice-item')).toHaveLength(0);
  });

  it('draws once the screen’s stylesheet has loaded, and holds the app’s download until the list is in', async () => {
    const link = document.createElement('link');
    link.setAttribute('data-drawn', '');
    document.head.appendChild(link);
    try {
      const { answer } = boot();
      let released = false;
      void window.__boot!.hold!.then(() => (released = true));
      answer({ code: 200, desc: '', obj: PAGE });
      await window.__early!.notices!.page;
      expect(document.querySelectorAll('#root .notice-item')).toHaveLength(0);
      expect(document.querySelector('#root > .boot .boot__header')).not.toBeNull();
      Object.defineProperty(link, 'sheet', { value: {} });
      link.dispatchEvent(new Event('load'));
      expect(document.querySelectorAll('#root .notice-item')).toHaveLength(3);
      // Nothing was drawn when the answer came: the app's download was not held for it.
      await vi.waitFor(() => expect(released).toBe(true), { timeout: 30_000 });
    } finally {
      link.remove();
    }
  });

  it('holds the app’s download until the drawn list is on screen', async () => {
    const { answer } = boot();
    let released = false;
    void window.__boot!.hold!.then(() => (released = true));
    answer({ code: 200, desc: '', obj: PAGE });
    await window.__early!.notices!.page;
    await Promise.resolve();
    expect(document.querySelectorAll('#root .notice-item')).toHaveLength(3);
    expect(released).toBe(false);
    // jsdom has no paint timing: a frame, then a task.
    await vi.waitFor(() => expect(released).toBe(true), { timeout: 30_000 });
  });

  it('draws nothing once the app has replaced the boot skeleton', async () => {
    const { answer } = boot();
    // The app's own screen, with the same classes as the drawn one.
    const app =
      '<div class="app"><div class="messages"><p class="messages__count"></p>' +
      '<button class="messages__read-all"></button><ul class="messages__list"></ul></div></div>';
    document.querySelector('#root')!.innerHTML = app;
    answer({ code: 200, desc: '', obj: PAGE });
    await window.__early!.notices!.page;
    expect(document.querySelector('#root')!.innerHTML).toBe(app);
  });
});

describe('/message takes the early page', () => {
  const listItems = () => within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('listitem');

  /** Counts the gateway's list calls. */
  function countListCalls() {
    const seen = { calls: 0 };
    server.use(
      http.get(url(endpoints.noticeList), () => {
        seen.calls += 1;
        return ok({ ...PAGE, list: [notice(9, { title: '网关的通知' })], total: 1 });
      }),
    );
    return seen;
  }

  const early = (token: string, page: Promise<Page<Notice> | null>, arrived?: Page<Notice>) => {
    (window.__early ??= {}).notices = { token, page, arrived };
  };

  it('shows the page that has arrived and asks the gateway for no list', async () => {
    const list = countListCalls();
    early('mock-token-13800138000', Promise.resolve(PAGE), PAGE);
    renderScreen('/message', { user: '13800138000' });
    await waitFor(() => expect(listItems()).toHaveLength(3));
    expect(listItems()[2]).toHaveTextContent('通知3');
    expect(list.calls).toBe(0);
    // Taken once: a later visit asks the gateway. Forgotten in the screen's effect, which may run
    // just after the rows are in the document.
    await waitFor(() => expect(window.__early?.notices).toBeUndefined());
  });

  it('asks the gateway for no list when the route’s loader runs after the screen has shown it', async () => {
    const list = countListCalls();
    early('mock-token-13800138000', Promise.resolve(PAGE), PAGE);
    renderScreen('/message', { user: '13800138000' });
    await waitFor(() => expect(window.__early?.notices).toBeUndefined());
    // A slow phone: the loaders' module arrives once the screen has taken the page and forgotten it.
    loadNotices();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.calls).toBe(0);
    expect(listItems()).toHaveLength(3);
  });

  it('waits for the call on its way, and asks the gateway itself when that was no page', async () => {
    const list = countListCalls();
    let settle!: (page: Page<Notice> | null) => void;
    early('mock-token-13800138000', new Promise((resolve) => (settle = resolve)));
    renderScreen('/message', { user: '13800138000' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.calls).toBe(0);
    settle(null);
    await screen.findByText('网关的通知');
    expect(list.calls).toBe(1);
  });

  it('shows the call on its way when it brings a page', async () => {
    const list = countListCalls();
    early('mock-token-13800138000', Promise.resolve(PAGE));
    renderScreen('/message', { user: '13800138000' });
    await waitFor(() => expect(listItems()).toHaveLength(3));
    expect(list.calls).toBe(0);
  });

  it("never shows another customer's early page", async () => {
    const list = countListCalls();
    early('mock-token-13900139000', Promise.resolve(PAGE), PAGE);
    renderScreen('/message', { user: '13800138000' });
    await screen.findByText('网关的通知');
    expect(screen.queryByText('通知3')).toBeNull();
    expect(list.calls).toBe(1);
  });
});
