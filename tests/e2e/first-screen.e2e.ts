import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { IndexConfig } from '../../contract/types';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, savedSession, settle } from './steps';

/**
 * The returning customer's first screens (decision 0031): what does not depend on the customer
 * paints without waiting for the customer's calls, and what those calls bring fills slots whose
 * size is already reserved, so nothing on screen moves while the data arrives. The gateway's
 * answers are held, then let through one by one, so that a part without a reserved slot shows
 * as a layout shift.
 */
let browser: Browser;
/** A customer's saved session (localStorage `user`, cookie `token`), as yesterday's visit left it. */
let session: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await savedSession(browser, DEMO.customer);
});
afterAll(async () => {
  await browser?.close();
});

/** The customer's calls: everything under the A and B prefixes (not the home's static JSON). */
const CUSTOMER_CALLS = /^\/(gateway\/user|user-cloud)\//;

/** Holds the customer's calls until `release()`, then lets them through one by one, apart. */
class HeldCalls {
  private held: Route[] = [];
  private open = false;
  /** When each call was made (ms since the epoch), in order. */
  madeAt: number[] = [];

  constructor(private readonly apartMs: number) {}

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => CUSTOMER_CALLS.test(url.pathname),
      async (route) => {
        this.madeAt.push(Date.now());
        if (!this.open) {
          this.held.push(route);
          return;
        }
        await pause(this.apartMs);
        await route.continue().catch(() => undefined);
      },
    );
  }

  async release(): Promise<void> {
    this.open = true;
    for (const route of this.held.splice(0)) {
      await pause(this.apartMs);
      await route.continue().catch(() => undefined);
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The home's configuration (/jsons/*) answers late, as on a slow network: the app has started
 * long before the content it draws from that configuration can show.
 */
async function slowConfiguration(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/jsons/'),
    async (route) => {
      await pause(CONFIGURATION_DELAY_MS);
      await route.continue().catch(() => undefined);
    },
  );
}

const CONFIGURATION_DELAY_MS = 800;

/** Records every layout shift not caused by input, with what moved. */
async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; moved: string[] }[] };
    w.__shifts = [];
    const name = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
      return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (!entry.hadRecentInput)
          w.__shifts.push({ value: entry.value, moved: (entry.sources ?? []).map((s) => name(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Notes when an element matching `selector` first entered the page (ms since the epoch). */
async function recordFirstShown(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((selector: string) => {
    const w = window as unknown as { __firstShownAt?: number };
    new MutationObserver((_records, observer) => {
      if (w.__firstShownAt !== undefined || !document.querySelector(selector)) return;
      w.__firstShownAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  }, selector);
}

/** Every script the page requests, with when (ms since the epoch). */
function watchScripts(page: Page): { path: string; at: number }[] {
  const scripts: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push({ path: new URL(request.url()).pathname, at: Date.now() });
  });
  return scripts;
}

/** The scripts a guest's browser asks for before `selector` is on screen at `url`. */
async function guestScriptsBefore(url: string, selector: string): Promise<Set<string>> {
  const context = await newPhone(browser);
  await recordFirstShown(context, selector);
  const page = await context.newPage();
  await slowConfiguration(page);
  const scripts = watchScripts(page);
  await page.goto(url);
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 20_000 });
  const shownAt = (await firstShownAt(page))!;
  await context.close();
  return new Set(scripts.filter((s) => s.at <= shownAt).map((s) => s.path));
}

const firstShownAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstShownAt?: number }).__firstShownAt);

const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts);

interface FirstScreen {
  url: string;
  /** What must be on screen while every customer call is still unanswered (CSS). */
  first: string;
  /**
   * What a guest sees first on the same screen (CSS), when the customer's parts sit beside
   * content of the screen's own: then neither their calls nor a chunk only they need may start
   * before that content is on screen.
   */
  guestFirst?: string;
  /** What shows once the customer's data has arrived (CSS). */
  filled: string;
}

const SCREENS: FirstScreen[] = [
  {
    url: '/index?indexCode=index',
    first: '.banner__title',
    guestFirst: '.banner__title',
    filled: '.rights-summary__count',
  },
  {
    url: '/indexNew?indexCode=index',
    first: '.home-new__banner-title',
    guestFirst: '.home-new__banner-title',
    filled: '.rights-summary__count',
  },
  { url: '/mine?indexCode=index', first: '.mine__name', guestFirst: '.guest-view', filled: '.mine-counts__value' },
  // The new-theme centre: its latest notices' loading rows hold the list's place above the menu.
  { url: '/mineNew?indexCode=index', first: '.mine-new__name', filled: '.mine-new__notice-title' },
  // These screens are the customer's data: their loading shape paints first, the size of what follows.
  { url: '/rights?indexCode=index', first: '[aria-busy="true"]', filled: '.right-card' },
  { url: '/message?indexCode=index', first: '[aria-busy="true"]', filled: '.notice-item' },
];

describe.each(SCREENS)('the returning customer opens $url cold', ({ url, first, guestFirst, filled }) => {
  it('paints what does not depend on the customer while the customer’s calls are held', async () => {
    const context = await newPhone(browser, 375, { storageState: session });
    await recordFirstShown(context, first);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const calls = new HeldCalls(200);
    await calls.install(page);
    await slowConfiguration(page);
    const scripts = watchScripts(page);

    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(first).first().waitFor({ state: 'visible', timeout: 20_000 });
    // The screen does ask for the customer's data, and none of it has been answered.
    await expect.poll(() => calls.madeAt.length, { timeout: 20_000 }).toBeGreaterThan(0);
    if (guestFirst) {
      // Neither a call nor a chunk only the customer's parts need competes with the content's first paint.
      const shownAt = (await firstShownAt(page))!;
      expect(shownAt).toBeGreaterThan(0);
      expect(
        calls.madeAt.filter((at) => at < shownAt).length,
        'customer calls made before the content was on screen',
      ).toBe(0);
      const guests = await guestScriptsBefore(url, guestFirst);
      expect(
        scripts.filter((s) => s.at < shownAt && !guests.has(s.path)).map((s) => s.path),
        'chunks a guest does not load before the content',
      ).toEqual([]);
    }

    await calls.release();
    await page.locator(filled).first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves nothing (layout shifts ≤ 0.01) while the customer’s data arrives late and piece by piece', async () => {
    const context = await newPhone(browser, 375, { storageState: session });
    await recordShifts(context);
    const page = await context.newPage();
    const calls = new HeldCalls(300);
    await calls.install(page);
    await slowConfiguration(page);

    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(first).first().waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => calls.madeAt.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await pause(300);
    await calls.release();
    await page.locator(filled).first().waitFor({ timeout: 20_000 });
    await settle(page);
    await pause(500);

    const seen = await shifts(page);
    const total = seen.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(seen)).toBeLessThanOrEqual(0.01);
    await context.close();
  });
});

/** Holds the app's scripts (every JS asset) until `release()`; `asked()` waits until one was asked for. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  const isScript = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');
  await page.route(isScript, (route) => void held.push(route));
  return {
    asked: () =>
      expect
        .poll(() => held.length, { message: 'the app’s scripts were asked for and are held', timeout: 20_000 })
        .toBeGreaterThan(0),
    release: async () => {
      await page.unroute(isScript);
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

/** Where each of `parts` (selectors under #root) is on the page now. */
const boxesOf = (page: Page, parts: string[]) =>
  page.evaluate(
    (selectors) =>
      selectors.map((part) => JSON.stringify(document.querySelector(`#root ${part}`)?.getBoundingClientRect())),
    parts,
  );

/**
 * Opens `path` logged in with the app's scripts held, so nothing of ours but index.html's inline
 * code runs: the page, its errors, the calls to `listPath` it makes, and the held scripts.
 */
async function openWithScriptsHeld(path: string, listPath?: string) {
  const context = await newPhone(browser, 375, { storageState: session });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const lists: string[] = [];
  page.on('request', (request) => {
    if (listPath && new URL(request.url()).pathname.endsWith(listPath)) lists.push(request.url());
  });
  const scripts = await holdScripts(page);
  await page.goto(`${path}?indexCode=index`, { waitUntil: 'commit' });
  return { context, page, errors, lists, scripts };
}

describe('the returning customer’s /index before the app has run', () => {
  it('shows the indexCode’s first banner from index.html alone, then the app’s own in its place', async () => {
    const config = JSON.parse(readFileSync('public/jsons/indexConfig.json', 'utf8')) as IndexConfig;
    const title = config.ebt.banners[0].title;
    const context = await newPhone(browser, 375, { storageState: session });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The app's scripts are held: nothing of ours but index.html's inline code can run.
    const scripts = await holdScripts(page);

    await page.goto('/index?indexCode=ebt', { waitUntil: 'commit' });
    await expect.poll(() => page.locator('.boot .banner__title').textContent(), { timeout: 20_000 }).toBe(title);
    await scripts.asked();
    expect(await page.locator('.boot .banner').getAttribute('class')).toBe('banner banner--red');

    await scripts.release();
    await page.locator('.home .banner__title').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.home .banner__title').first().textContent()).toBe(title);
    expect(await page.locator('.boot').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the returning customer’s /indexNew before the app has run', () => {
  it('shows its own layout and first banner from index.html alone, then the app’s in the same places', async () => {
    const config = JSON.parse(readFileSync('public/jsons/indexConfig.json', 'utf8')) as IndexConfig;
    const { context, page, errors, scripts } = await openWithScriptsHeld('/indexNew');
    await expect
      .poll(() => page.locator('.boot .home-new__banner-title').textContent(), { timeout: 20_000 })
      .toBe(config.indexNew.banners[0].title);
    await scripts.asked();
    const PARTS = ['.home-new__brand', '.home-new__tagline', '.notice-ticker', '.rights-summary', '.home-new__banner'];
    const boxes = () => boxesOf(page, PARTS);
    const drawn = await boxes();

    await scripts.release();
    await page.locator('.boot').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.home-new__banner-title').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.home-new__banner-title').first().textContent()).toBe(config.indexNew.banners[0].title);
    // The header, the customer's slots and the banner stay where index.html drew them.
    expect(await boxes()).toEqual(drawn);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the returning customer’s /mine before the app has run', () => {
  it('shows the header from the stored customer and the counts’ place from index.html alone, then the app’s in the same places', async () => {
    const { context, page, errors, scripts } = await openWithScriptsHeld('/mine');
    await page.locator('.boot .mine__phone').waitFor({ timeout: 20_000 });
    await scripts.asked();
    expect(await page.locator('.boot .mine__phone').textContent()).toBe('138****8000');
    expect(await page.locator('.boot .boot__brand').count()).toBe(0);
    const PARTS = ['.mine__header', '.user-avatar', '.mine__name', '.mine__phone', '.mine-counts'];
    const boxes = () => boxesOf(page, PARTS);
    const drawn = await boxes();
    const name = await page.locator('.boot .mine__name').textContent();

    await scripts.release();
    await page.locator('.boot').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.mine-counts__value').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.mine__name').textContent()).toBe(name);
    // The header, the avatar, the texts and the counts' row stay where index.html drew them.
    expect(await boxes()).toEqual(drawn);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the returning customer’s /message before the app has run', () => {
  it('shows the first notices from index.html alone, then the app’s own in their place, from one list call', async () => {
    const { context, page, errors, lists, scripts } = await openWithScriptsHeld('/message', '/noticeInfo/list');
    await expect.poll(() => page.locator('.boot .notice-item').count(), { timeout: 20_000 }).toBe(10);
    // The app's download starts once the list is drawn (decision 0040).
    await scripts.asked();
    const drawn = await page.locator('.boot .messages').evaluate((el) => ({
      text: el.textContent,
      boxes: [...el.querySelectorAll('.notice-item')].map((li) => JSON.stringify(li.getBoundingClientRect())),
    }));

    await scripts.release();
    await page.locator('.boot').waitFor({ state: 'detached', timeout: 20_000 });
    const shown = await page.locator('.screen .messages').evaluate((el) => ({
      text: el.textContent,
      boxes: [...el.querySelectorAll('.notice-item')].map((li) => JSON.stringify(li.getBoundingClientRect())),
    }));
    // The same notices in the same places: the app's list replaces the drawn one without a move.
    expect(shown.boxes).toEqual(drawn.boxes);
    expect(shown.text).toContain(drawn.text!.replace(/^.*?全部已读/, ''));
    // The first page once (the customer has 14 notices: infinite scroll may ask for page 2 meanwhile).
    const firstPages = lists.filter((url) => new URL(url).searchParams.get('pageNum') === '1');
    expect(firstPages, 'the app takes index.html’s answer instead of asking again').toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the returning customer’s /message on a slow network', () => {
  it('shows the list’s skeleton from index.html, then the app’s in the same rows, and claims no count before the list', async () => {
    const context = await newPhone(browser, 375, { storageState: session });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The notice list and the unread count are held until the checks are done.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/noticeInfo/{list,count}**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const rows = (screen: string) =>
      page.evaluate(
        (selector) =>
          [...document.querySelectorAll(selector)].map((row) => JSON.stringify(row.getBoundingClientRect())),
        `${screen} .messages .skeleton__row`,
      );

    await page.goto('/message?indexCode=index', { waitUntil: 'commit' });
    // index.html's frame: the screen's skeleton rows, not an empty list; no count, 全部已读 inactive.
    await expect.poll(() => page.locator('.boot .messages .skeleton__row').count(), { timeout: 20_000 }).toBe(6);
    expect(await page.locator('.boot .messages .skeleton__row').first().isVisible()).toBe(true);
    expect(await page.locator('.boot .messages__count').textContent()).toBe('');
    expect(await page.locator('.boot .messages__read-all').isDisabled()).toBe(true);
    const drawn = await rows('.boot');
    await snap(page, 'message_slow_early_frame');

    // Past decision 0040's hold the app takes over, its skeleton in the same rows, and still no count.
    await page.locator('.boot').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.screen .messages .skeleton__row').first().waitFor();
    expect(await rows('.screen')).toEqual(drawn);
    expect(await page.locator('.screen .messages__count').textContent()).toBe('');
    expect(await page.locator('.screen .messages__read-all').isDisabled()).toBe(true);
    await snap(page, 'message_slow_app_skeleton');

    release();
    await page.locator('.screen .notice-item').first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.locator('.screen .messages__count').textContent())
      .toMatch(/^(\d+条未读|暂无未读消息)$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the likely next screens (decision 0031)', () => {
  const chunk = (paths: string[], name: string) => paths.some((p) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(p));

  it('load once the customer’s home has settled, before any tap; 我的 then needs no download', async () => {
    const context = await newPhone(browser, 375, { storageState: session });
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto('/index?indexCode=index');
    await page.locator('.rights-summary__count').waitFor({ timeout: 20_000 });
    const paths = () => scripts.map((s) => s.path);
    await expect.poll(() => chunk(paths(), 'mine-page'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => chunk(paths(), 'rights-page'), { timeout: 20_000 }).toBe(true);

    const before = scripts.length;
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: '我的' }).click();
    await page.locator('.mine__name').waitFor({ timeout: 20_000 });
    const asked = scripts.slice(before).map((s) => s.path);
    expect(chunk(asked, 'mine-page'), `the tap asked for ${asked.join(', ')}`).toBe(false);
    await context.close();
  });

  it('skip the screens behind login for a guest', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto('/index?indexCode=index');
    await page.locator('.login-hint').first().waitFor({ timeout: 20_000 });
    const paths = () => scripts.map((s) => s.path);
    await expect.poll(() => chunk(paths(), 'serv-inform-page'), { timeout: 20_000 }).toBe(true);
    expect(chunk(paths(), 'mine-page')).toBe(false);
    expect(chunk(paths(), 'rights-page')).toBe(false);
    await context.close();
  });
});

describe('the returning customer’s /rights before the app has run', () => {
  it('shows the tab’s rights from index.html alone, then the app’s own in their place, from one list call', async () => {
    const { context, page, errors, lists, scripts } = await openWithScriptsHeld('/rights', '/rights/list');
    await page.locator('.boot .right-card').first().waitFor({ timeout: 20_000 });
    // The app's download starts once the list is drawn.
    await scripts.asked();
    const read = (root: string) =>
      page.locator(root).evaluate((el) => ({
        tabs: [...el.querySelectorAll('.rights__tab')].map((tab) => tab.textContent),
        cards: [...el.querySelectorAll('.right-card')].map((card) => card.textContent),
        boxes: [...el.querySelectorAll('.rights__tab, .right-card')].map((e) =>
          JSON.stringify(e.getBoundingClientRect()),
        ),
      }));
    const drawn = await read('.boot .rights');
    expect(drawn.cards.length).toBeGreaterThan(0);

    await scripts.release();
    await page.locator('.boot').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.screen .right-card').first().waitFor({ timeout: 20_000 });
    // The same tabs and cards, worded alike, in the same places: the app's list replaces the drawn one.
    expect(await read('.screen .rights')).toEqual(drawn);
    expect(lists, 'the app takes index.html’s answer instead of asking again').toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
