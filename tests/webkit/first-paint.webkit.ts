import type { WebDriver } from 'selenium-webdriver';
import { endpoints } from '../../contract/endpoints';
import { DEMO } from '../e2e/steps';
import { byCss, logIn, logOut, open, openWebKit, screenshotOnFailure, scriptErrors, settle } from './webkit';

/**
 * What paints before the app, in WebKit (decision 0057): the boot module runs on every drawn
 * path without a script error and sets the root font size; /message and /rights ask for their
 * first answer while the page is parsed, before the app's entry is even requested, and the app
 * takes that answer instead of asking again.
 */
let driver: WebDriver | undefined;
const d = () => driver!;

beforeAll(async () => {
  driver = await openWebKit();
});
afterAll(async () => {
  await driver?.quit();
});
screenshotOnFailure(() => driver);

/** The page's boot state and its resource timings: the calls to `path` and the entry script. */
async function booted(path: string) {
  return (await d().executeScript(
    `
    const path = arguments[0];
    const resources = performance.getEntriesByType('resource');
    const entry = document.querySelector('script[type=module][src*="/assets/index-"]');
    const entryTiming = entry && resources.find((r) => r.name === entry.src);
    return {
      hooks: typeof window.__boot === 'object' && typeof window.__boot.afterPaint === 'function',
      fontSize: parseFloat(document.documentElement.style.fontSize),
      width: document.documentElement.clientWidth,
      mark: document.documentElement.getAttribute('data-boot'),
      calls: resources.filter((r) => new URL(r.name).pathname === path).map((r) => r.startTime),
      entryAt: entryTiming ? entryTiming.startTime : null,
    };
  `,
    path,
  )) as {
    hooks: boolean;
    fontSize: number;
    width: number;
    mark: string | null;
    calls: number[];
    entryAt: number | null;
  };
}

describe('the boot module in WebKit', () => {
  it('runs on each home as a guest: the font size, the guest mark, no script error', async () => {
    await logOut(d());
    for (const path of ['/index', '/indexNew', '/mine']) {
      await open(d(), path);
      await settle(d());
      const state = await booted('/');
      expect(state.hooks, path).toBe(true);
      expect(state.fontSize, path).toBeCloseTo(Math.min(state.width, 540) / 10, 1);
      expect(state.mark, path).toBe(path === '/mine' ? 'plain' : 'guest');
      expect(await scriptErrors(d()), path).toEqual([]);
    }
  });

  it('asks /message’s and /rights’s first answer before the app, once, for the customer', async () => {
    await logIn(d(), DEMO.customer);
    for (const [path, call, shown] of [
      ['/message', endpoints.noticeList, '.notice-item'],
      ['/rights', endpoints.rightsList, '.right-card'],
    ] as const) {
      await open(d(), path);
      await settle(d());
      // The app's own rows, once its entry and screen chunk have run (slow on a busy machine).
      await byCss(d(), `.app ${shown}`);
      const state = await booted(call);
      expect(state.hooks, path).toBe(true);
      expect(state.mark, path).toBe('plain');
      expect(state.entryAt, `${path}: the entry's timing`).not.toBeNull();
      // One call, the boot module's: it started before the app's entry was asked for.
      expect(state.calls, path).toHaveLength(1);
      expect(state.calls[0], path).toBeLessThan(state.entryAt!);
      expect(await scriptErrors(d()), path).toEqual([]);
    }
  });

  it('runs on /mine and /indexNew for the customer without a script error', async () => {
    for (const path of ['/mine', '/indexNew']) {
      await open(d(), path);
      await settle(d());
      const state = await booted('/');
      expect(state.hooks, path).toBe(true);
      expect(state.mark, path).toBe(path === '/mine' ? 'plain' : null);
      expect(await scriptErrors(d()), path).toEqual([]);
    }
  });
});
