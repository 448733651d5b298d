import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WECHAT_UA } from '../../scripts/chromium';
import { INP_ON, recordTaps } from './inp';

export { WECHAT_UA };

export const SCREENSHOT_DIR = 'artifacts/screenshots';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium (`/usr/bin/chromium`), headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** A phone: 375×812, touch, device scale 2, WeChat's user agent; `extra` e.g. a storage state. */
export async function newPhone(
  browser: Browser,
  width = 375,
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: WECHAT_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...extra,
  });
  if (INP_ON) await recordTaps(context);
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
