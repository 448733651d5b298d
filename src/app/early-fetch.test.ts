import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { getNoticeCount } from '@/api/notices';
import { boot as bootModule } from '@/boot/boot';
import type { BootHooks } from '@/boot/globals';
import { BannerCarousel } from '@/features/home/banner-carousel';
import { serverNow } from '@/lib/clock';
import { endpoints } from '@contract/endpoints';
import type { IndexConfig } from '@contract/types';
import { bannersOf, builtHtml, templates } from '../../tests/first-paint';
import { url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';

/**
 * index.html's inline script fetches the home's two JSON files before any module loads. Those
 * requests carry docs/product.md §7's headers like every other, and their first `Date` header sets the
 * request client's clock before the home's first API call goes out (docs/product.md §8.3).
 */
const html = builtHtml();

const TEN_MINUTES = 10 * 60 * 1000;

interface EarlyCall {
  url: string;
  headers: Headers;
  answer: (date: string, body?: string) => void;
}

/** Runs the boot module on `pathname` with a fetch whose answers the test releases. */
function boot(pathname = '/index'): EarlyCall[] {
  const calls: EarlyCall[] = [];
  vi.stubGlobal(
    'fetch',
    (input: string, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({
          url: input,
          headers: new Headers(init?.headers),
          answer: (date, body = '{}') =>
            resolve(new Response(body, { headers: { 'Content-Type': 'application/json', Date: date } })),
        });
      }),
  );
  window.history.replaceState(null, '', pathname);
  bootModule({ banners: bannersOf(), templates });
  return calls;
}

/** Answers the notice count with 200, keeping each request. */
function answerNoticeCount(): Request[] {
  const seen: Request[] = [];
  server.use(
    mswHttp.get(url(endpoints.noticeCount), ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json({ code: 200, desc: '', obj: { unreadCount: 0 } });
    }),
  );
  return seen;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The early fetches start once the first paint is done (a frame, then a task; 300 ms at the latest). */
const afterFirstPaint = () => vi.waitFor(() => expect(window.__early?.files).toBeDefined(), { timeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__early;
  delete window.__boot;
  document.body.innerHTML = '';
});

describe("index.html's early fetch", () => {
  it('starts once the browser reports the first contentful paint, not at a frame before it', async () => {
    let report!: () => void;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) {
        report = () => callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, this);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    const calls = boot('/index');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await nextTask();
    expect(calls).toEqual([]);
    report();
    await afterFirstPaint();
    expect(calls).toHaveLength(2);
  });

  it('sends nonce, timestamp, clientType H5 and clientVersion 2.2.1 on both files, a new nonce each', async () => {
    const calls = boot();
    await afterFirstPaint();
    expect(calls.map((c) => c.url)).toEqual(['/jsons/indexConfig.json', '/jsons/serviceCatalog.json']);
    for (const { headers } of calls) {
      expect(headers.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
      expect(Math.abs(Number(headers.get('timestamp')) - Date.now())).toBeLessThan(5000);
      expect(headers.get('clientType')).toBe('H5');
      expect(headers.get('clientVersion')).toBe('2.2.1');
    }
    expect(calls[0].headers.get('nonce')).not.toBe(calls[1].headers.get('nonce'));
  });

  it("sends the token cookie's bearer when there is one (docs/product.md §7: Authorization when a token is present)", async () => {
    let calls = boot();
    await afterFirstPaint();
    for (const { headers } of calls) expect(headers.has('Authorization')).toBe(false);

    document.cookie = 'token=t0k3n-abc; path=/';
    try {
      delete window.__early;
      calls = boot();
      await afterFirstPaint();
      expect(calls).toHaveLength(2);
      for (const { headers } of calls) expect(headers.get('Authorization')).toBe('Bearer t0k3n-abc');
    } finally {
      document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it("lets the home's first API call wait for the early Date header and stamp the gateway's time", async () => {
    const calls = boot();
    await afterFirstPaint();
    const seen = answerNoticeCount();
    // The gateway's clock is ten minutes ahead of the phone's.
    const gatewayNow = Date.now() + TEN_MINUTES;
    const call = getNoticeCount();
    await nextTask();
    expect(seen).toHaveLength(0);
    calls[0].answer(new Date(gatewayNow).toUTCString());
    await call;
    expect(Math.abs(Number(seen[0].headers.get('timestamp')) - gatewayNow)).toBeLessThan(3000);
    expect(Math.abs(serverNow() - (Date.now() + TEN_MINUTES))).toBeLessThan(3000);
  });

  it('starts the files only after the first paint, not while the HTML is parsed', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    const calls = boot();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    // The first frame is painted: a task later, the files are asked for.
    frames.forEach((frame) => frame(performance.now()));
    await nextTask();
    expect(calls).toHaveLength(2);
  });

  it('starts nothing and makes no call wait on other paths', async () => {
    const calls = boot('/mine');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(calls).toHaveLength(0);
    expect(window.__early?.date).toBeUndefined();
    const seen = answerNoticeCount();
    await getNoticeCount();
    expect(seen).toHaveLength(1);
  });
});

/**
 * On /index the boot banner is the indexCode's first banner: from the build's configuration as
 * the HTML is parsed, then from the fetched file when that differs; all before any of our
 * modules has run, for the largest text of a customer's first screen (decision 0031). It must be
 * what React's banner then renders, and a configuration's text stays text.
 */
describe("index.html's early banner", () => {
  const config = JSON.parse(
    readFileSync(path.resolve(process.cwd(), 'public/jsons/indexConfig.json'), 'utf8'),
  ) as IndexConfig;
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const bootRoot = parsed.getElementById('root')!.innerHTML;

  /**
   * Boots on `pathname` with the boot skeleton in the document; runs what the body's inline
   * script runs once the boot banner is parsed. Returns the two early calls, unanswered.
   */
  async function parse(pathname: string): Promise<EarlyCall[]> {
    document.body.innerHTML = `<div id="root">${bootRoot}</div>`;
    // A new page: nothing of the last one's script is left.
    delete window.__boot;
    delete window.__early;
    const calls = boot(pathname);
    // What the body's script runs (TypeScript narrowed the hooks to nothing after the delete).
    (window.__boot as BootHooks | undefined)?.banner?.();
    if (pathname.startsWith('/index') || pathname.startsWith('/?')) await afterFirstPaint();
    return calls;
  }

  /** Answers the early calls with this configuration. */
  async function answer(calls: EarlyCall[], indexConfig: unknown) {
    const date = new Date().toUTCString();
    calls[0].answer(date, JSON.stringify(indexConfig));
    calls[1].answer(date, JSON.stringify({ services: [] }));
    await Promise.all([window.__early?.files?.indexConfig, window.__early?.files?.serviceCatalog]);
    await nextTask();
  }

  const title = () => document.querySelector('.boot .banner__title')?.textContent;

  it('runs the boot banner from the body, right after the boot banner is parsed', () => {
    expect(parsed.querySelector('.boot__banner + script')?.textContent).toContain('__boot.banner()');
  });

  it("paints the build's first banner of the indexCode as the HTML is parsed, as BannerCarousel renders it", async () => {
    await parse('/index?indexCode=ebt');
    expect(document.querySelector('.boot__banner')).toBeNull();
    const early = document.querySelector('.boot .banners')!;
    expect(early.getAttribute('aria-hidden')).toBe('true');
    expect(early.querySelector('a[href], button:not([tabindex="-1"]), [tabindex="0"]')).toBeNull();

    const { container } = render(
      createElement(MemoryRouter, null, createElement(BannerCarousel, { banners: [config.ebt.banners[0]] })),
    );
    const app = container.querySelector('.banner')!;
    const painted = early.querySelector('.banner')!;
    expect(painted.className).toBe(app.className);
    expect(painted.className).toContain('banner--red');
    expect([...painted.children].map((c) => c.outerHTML)).toEqual([...app.children].map((c) => c.outerHTML));
  });

  it('keeps that banner when the fetched file says the same, and shows the fetched one when it differs', async () => {
    let calls = await parse('/index');
    const painted = document.querySelector('.boot .banners');
    await answer(calls, config);
    expect(document.querySelector('.boot .banners')).toBe(painted);

    calls = await parse('/index');
    const changed = structuredClone(config);
    changed.index.banners[0].title = '今天的新活动';
    await answer(calls, changed);
    expect(title()).toBe('今天的新活动');
  });

  it("paints the default home's banner on / and for an unknown indexCode", async () => {
    const calls = await parse('/?indexCode=nope');
    expect(title()).toBe(config.index.banners[0].title);
    await answer(calls, config);
    expect(title()).toBe(config.index.banners[0].title);
  });

  it('sets the texts as text and keeps the class to the known tones', async () => {
    const hostile = {
      index: {
        ...config.index,
        banners: [{ ...config.index.banners[0], title: '<img src=x onerror="alert(1)">', tone: 'x onclick' }],
      },
    };
    await answer(await parse('/index'), hostile);
    const banner = document.querySelector('.boot .banner')!;
    expect(banner.querySelector('img')).toBeNull();
    expect(title()).toBe('<img src=x onerror="alert(1)">');
    expect(banner.className).toBe('banner banner--blue');
  });

  it("keeps the build's banner when the file has none, and paints nothing on /indexNew", async () => {
    await answer(await parse('/index'), { index: { ...config.index, banners: [] } });
    expect(title()).toBe(config.index.banners[0].title);
    await answer(await parse('/indexNew'), config);
    expect(document.querySelector('.boot__banner')).not.toBeNull();
    expect(document.querySelector('.banners')).toBeNull();
  });

  it('keeps what arrived for the home to read without waiting', async () => {
    await answer(await parse('/index'), config);
    expect(window.__early?.arrived?.indexConfig).toEqual(config);
    expect(window.__early?.arrived?.serviceCatalog).toEqual({ services: [] });
  });
});
