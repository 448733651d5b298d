/**
 * A phone as a window of the phone's size, at device scale 2, instead of CDP's device-metrics
 * override: under that override headless Chromium's display skips the page's frames until its
 * own compositor draws again, so a tap's frame is counted as presented only then (decision
 * 0044). The e2e INP run (tests/e2e/inp.ts) and the bench's taps (scripts/bench-returning.ts)
 * launch the browser with `INP_BROWSER_ARGS`, open contexts with `viewport: null` and size each
 * page's window with `sizeWindow` before its first navigation.
 */
import type { CDPSession, Page } from 'playwright-core';

/** The browser's flags for a window-sized phone: device scale 2, no scrollbars taking width. */
export const INP_BROWSER_ARGS = ['--force-device-scale-factor=2', '--hide-scrollbars'];

export interface WindowSize {
  width: number;
  height: number;
}

/**
 * Sizes the page's window so that its viewport (innerWidth × innerHeight) is `size`. `cdp` is a
 * session on the page; the caller keeps it or detaches it (a slowdown set on it ends with it).
 */
export async function sizeWindow(cdp: CDPSession, page: Page, size: WindowSize): Promise<void> {
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: size });
  // The bounds include the window's frame (its height, here): add what the viewport lacks.
  const [width, height] = await page.evaluate(() => [innerWidth, innerHeight]);
  if (width !== size.width || height !== size.height) {
    const bounds = { width: 2 * size.width - width, height: 2 * size.height - height };
    await cdp.send('Browser.setWindowBounds', { windowId, bounds });
  }
}

/**
 * Throws unless the page's viewport is `size` at device scale 2: a window that could not be
 * sized (or a browser launched without `INP_BROWSER_ARGS`) would measure another phone.
 */
export async function checkPhoneWindow(page: Page, size: WindowSize): Promise<void> {
  const seen = await page.evaluate(() => ({ width: innerWidth, height: innerHeight, dpr: devicePixelRatio }));
  if (seen.width !== size.width || seen.height !== size.height || seen.dpr !== 2)
    throw new Error(
      `the phone's window is ${seen.width}x${seen.height} at device scale ${seen.dpr}, not ${size.width}x${size.height} at 2`,
    );
}
