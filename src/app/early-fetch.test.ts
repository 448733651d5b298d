import { readFileSync } from 'node:fs';
import path from 'node:path';
import { http as mswHttp, HttpResponse } from 'msw';
import { endpoints } from '@contract/endpoints';
import { getNoticeCount } from '@/api/notices';
import { serverNow } from '@/lib/clock';
import { server } from '../../tests/mocks/server';
import { url } from '../../tests/mocks/handlers/common';
import { specHeadersInHtml } from '../../scripts/spec-headers-html';

/**
 * index.html's inline script fetches the home's two JSON files before any module loads. Those
 * requests carry SPEC §7's headers like every other, and their first `Date` header sets the
 * request client's clock before the home's first API call goes out (DESIGN §7).
 */
const html = specHeadersInHtml(readFileSync(path.resolve(process.cwd(), 'index.html'), 'utf8'));
const inline = new DOMParser().parseFromString(html, 'text/html').querySelector('head script:not([src])')!.textContent!;

const TEN_MINUTES = 10 * 60 * 1000;

interface EarlyCall {
  url: string;
  headers: Headers;
  answer: (date: string) => void;
}

/** Runs the inline script on `pathname` with a fetch whose answers the test releases. */
function boot(pathname = '/index'): EarlyCall[] {
  const calls: EarlyCall[] = [];
  vi.stubGlobal(
    'fetch',
    (input: string, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({
          url: input,
          headers: new Headers(init?.headers),
          answer: (date) =>
            resolve(new Response('{}', { headers: { 'Content-Type': 'application/json', Date: date } })),
        });
      }),
  );
  window.history.replaceState(null, '', pathname);
  new Function(inline)();
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

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__early;
  delete window.__earlyDate;
});

describe("index.html's early fetch", () => {
  it('sends nonce, timestamp, clientType H5 and clientVersion 2.2.1 on both files, a new nonce each', async () => {
    const calls = boot();
    await nextTask();
    expect(calls.map((c) => c.url)).toEqual(['/jsons/indexConfig.json', '/jsons/serviceCatalog.json']);
    for (const { headers } of calls) {
      expect(headers.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
      expect(Math.abs(Number(headers.get('timestamp')) - Date.now())).toBeLessThan(5000);
      expect(headers.get('clientType')).toBe('H5');
      expect(headers.get('clientVersion')).toBe('2.2.1');
    }
    expect(calls[0].headers.get('nonce')).not.toBe(calls[1].headers.get('nonce'));
  });

  it("sends the token cookie's bearer when there is one (SPEC §7: Authorization when a token is present)", async () => {
    let calls = boot();
    await nextTask();
    for (const { headers } of calls) expect(headers.has('Authorization')).toBe(false);

    document.cookie = 'token=t0k3n-abc; path=/';
    try {
      calls = boot();
      await nextTask();
      expect(calls).toHaveLength(2);
      for (const { headers } of calls) expect(headers.get('Authorization')).toBe('Bearer t0k3n-abc');
    } finally {
      document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it("lets the home's first API call wait for the early Date header and stamp the gateway's time", async () => {
    const calls = boot();
    await nextTask();
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

  it('starts nothing and makes no call wait on other paths', async () => {
    const calls = boot('/mine');
    await nextTask();
    expect(calls).toHaveLength(0);
    expect(window.__earlyDate).toBeUndefined();
    const seen = answerNoticeCount();
    await getNoticeCount();
    expect(seen).toHaveLength(1);
  });
});
