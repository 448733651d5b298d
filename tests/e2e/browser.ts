import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WECHAT_UA } from '../../scripts/chromium';
import { INP_BROWSER_ARGS } from '../../scripts/phone-window';
import { INP_ON, INP_WINDOW, recordTaps } from './inp';

export { WECHAT_UA };

export const SCREENSHOT_DIR = 'artifacts/screenshots';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium (`/usr/bin/chromium`), headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: INP_WINDOW ? [...CHROMIUM_ARGS, ...INP_BROWSER_ARGS] : CHROMIUM_ARGS,
    headless: true,
  });
}

/** A phone: 375×812, touch, device scale 2, WeChat's user agent; `extra` e.g. a storage state. */
export async function newPhone(
  browser: Browser,
  width = 375,
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const size = { width, height: 812 };
  // The INP run sizes each page's window instead (tests/e2e/inp.ts, decision 0044).
  const screen: BrowserContextOptions = INP_WINDOW
    ? { viewport: null }
    : { viewport: size, deviceScaleFactor: 2, isMobile: true };
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...screen,
    hasTouch: true,
    userAgent: WECHAT_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...extra,
  });
  if (INP_ON) await recordTaps(context, INP_WINDOW ? size : undefined);
  return context;
}

/** Collects uncaught page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Saves a screenshot under the git-ignored artifacts folder. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: false });
}
