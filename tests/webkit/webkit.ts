/**
 * Driving Debian's WebKitGTK (MiniBrowser) through WebKitWebDriver (decision 0059): a session
 * per test file, a phone's proportions, an iOS WeChat user agent, the page's script errors
 * collected, and a screenshot kept when a test fails.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { Builder, By, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { afterEach, expect, inject } from 'vitest';
import { LOGIN_STATE_KEY, LOGIN_STATE_PARAM, LOGIN_STATE_TTL_MS } from '../../src/lib/login-state';
import { ssoLocation } from '../e2e/steps';

export const baseUrl = () => inject('baseUrl');

/** iOS WeChat on an iPhone (WKWebView): the customers' WebKit. */
export const IOS_WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

/**
 * MiniBrowser's window cannot be narrower than 447 px (its toolbar), and WebKitGTK has no
 * device emulation. The portal's layout is a function of the width (1rem = width / 10, every
 * length in rem), so a 447-wide page is a 375×812 phone scaled by 447/375: the page gets the
 * phone's proportions, 447 × 968 (decision 0059).
 */
export const PAGE = { width: 447, height: Math.round((812 * 447) / 375) };

/** Debian's multiarch path of MiniBrowser (x86_64-linux-gnu, aarch64-linux-gnu, …). */
function miniBrowser(): string {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  for (const arch of readdirSync('/usr/lib')) {
    const path = `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  throw new Error('MiniBrowser not found under /usr/lib/*/webkit2gtk-4.1 (apt-get install webkit2gtk-driver)');
}

/** A MiniBrowser session whose page is PAGE's size. */
export async function openWebKit(): Promise<WebDriver> {
  const driver = await new Builder()
    .usingServer(inject('webdriverUrl'))
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation', `--user-agent=${IOS_WECHAT_UA}`] },
    })
    .build();
  await driver.manage().window().setRect({ width: PAGE.width, height: PAGE.height });
  await driver.get(`${baseUrl()}/favicon.svg`);
  // The window's size includes MiniBrowser's toolbar: grow it by the toolbar's height.
  const [width, height] = (await driver.executeScript('return [innerWidth, innerHeight]')) as [number, number];
  if (width !== PAGE.width) throw new Error(`MiniBrowser's page is ${width} px wide, not ${PAGE.width}`);
  await driver
    .manage()
    .window()
    .setRect({ width: PAGE.width, height: PAGE.height + (PAGE.height - height) });
  return driver;
}

/** Opens `path` and starts collecting the page's script errors. */
export async function open(driver: WebDriver, path: string): Promise<void> {
  await driver.get(`${baseUrl()}${path}`);
  await driver.executeScript(`
    window.__scriptErrors = window.__scriptErrors || [];
    addEventListener('error', (e) => window.__scriptErrors.push(String(e.message || e.type)));
    addEventListener('unhandledrejection', (e) => window.__scriptErrors.push('unhandled rejection: ' + String(e.reason)));
  `);
}

/** The page's script errors since it opened, and whether the start watchdog had to speak. */
export async function scriptErrors(driver: WebDriver): Promise<string[]> {
  const errors = (await driver.executeScript('return window.__scriptErrors || []')) as string[];
  const watchdog = (await driver.executeScript("return !!document.getElementById('start-watchdog')")) as boolean;
  return watchdog ? [...errors, 'the start watchdog says the app did not start'] : errors;
}

/** Waits until the app has drawn a screen and no visible loading view is left. */
export async function settle(driver: WebDriver): Promise<void> {
  await driver.wait(
    async () =>
      (await driver.executeScript(`
        if (document.readyState !== 'complete') return false;
        if (!document.querySelector('main [data-screen]') && !document.getElementById('start-watchdog')) return false;
        return ![...document.querySelectorAll('[aria-busy="true"]')].some((e) => e.getClientRects().length > 0);
      `)) as boolean,
    30_000,
    'the screen did not settle',
  );
}

/** The first shown element with this exact text (spaces normalised), once there is one. */
export async function byText(driver: WebDriver, text: string, tag = '*'): Promise<WebElement> {
  const xpath = By.xpath(`//${tag}[normalize-space(.)=${JSON.stringify(text)}]`);
  let shown: WebElement | undefined;
  await driver.wait(
    async () => {
      for (const element of await driver.findElements(xpath)) {
        if (await element.isDisplayed().catch(() => false)) {
          shown = element;
          return true;
        }
      }
      return false;
    },
    20_000,
    `no ${tag} "${text}" shown`,
  );
  return shown!;
}

/**
 * Clicks `find()`'s element; while a sheet slides in over it, or the screen swaps it for a new
 * one, finds it again and retries (for up to 10 s).
 */
export async function tap(find: () => Promise<WebElement>): Promise<void> {
  const RETRIED = ['ElementClickInterceptedError', 'StaleElementReferenceError', 'ElementNotInteractableError'];
  for (let tries = 0; ; tries++) {
    try {
      await (await find()).click();
      return;
    } catch (error) {
      if (tries >= 40 || !(error instanceof Error) || !RETRIED.includes(error.name)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The element matching the CSS selector, once it is shown. */
export async function byCss(driver: WebDriver, selector: string): Promise<WebElement> {
  const element = await driver.wait(until.elementLocated(By.css(selector)), 20_000, `no ${selector}`);
  await driver.wait(until.elementIsVisible(element), 20_000, `${selector} is not shown`);
  return element;
}

export async function waitForPath(driver: WebDriver, pathname: string): Promise<URL> {
  await driver.wait(
    async () => new URL(await driver.getCurrentUrl()).pathname === pathname,
    20_000,
    `never reached ${pathname}`,
  );
  return new URL(await driver.getCurrentUrl());
}

/**
 * Logs `phone` in as the SSO would hand it back (ticket → /transferPage), in this session: the
 * browser keeps a login state first, as the portal's login button would (decision 0051).
 */
export async function logIn(driver: WebDriver, phone: string): Promise<void> {
  const state = `webkit${Date.now().toString(16)}`;
  await driver.get(`${baseUrl()}/favicon.svg`);
  await driver.executeScript(
    'localStorage.setItem(arguments[0], arguments[1]);',
    LOGIN_STATE_KEY,
    JSON.stringify({ value: state, expiresAt: Date.now() + LOGIN_STATE_TTL_MS }),
  );
  const redirectUrl = `${baseUrl()}/transferPage?${LOGIN_STATE_PARAM}=${state}`;
  await driver.get((await ssoLocation(phone, { base: baseUrl(), redirectUrl })).toString());
  await waitForPath(driver, '/index');
  await driver.wait(async () => (await driver.manage().getCookie('token')) !== null, 20_000, 'no token cookie');
  await settle(driver);
}

/** Forgets the customer: cookies and storage (the next page opens as a guest). */
export async function logOut(driver: WebDriver): Promise<void> {
  await driver.get(`${baseUrl()}/favicon.svg`);
  await driver.manage().deleteAllCookies();
  await driver.executeScript('localStorage.clear(); sessionStorage.clear();');
}

const SCREENSHOTS = 'artifacts/screenshots';

export async function shot(driver: WebDriver, name: string): Promise<Buffer> {
  const png = Buffer.from(await driver.takeScreenshot(), 'base64');
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(`${SCREENSHOTS}/webkit-${name}.png`, png);
  return png;
}

/** After each failed test of the file, a screenshot of where the page was. */
export function screenshotOnFailure(session: () => WebDriver | undefined): void {
  afterEach(async ({ task }) => {
    const driver = session();
    if (task.result?.state !== 'fail' || !driver) return;
    await shot(driver, `failed-${task.name.replace(/[^\w\u4e00-\u9fa5]+/g, '_').slice(0, 80)}`).catch(() => undefined);
  });
}

export { expect };
