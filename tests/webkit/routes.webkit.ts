import type { WebDriver } from 'selenium-webdriver';
import { CLIENT_TYPE, CLIENT_VERSION, Header } from '../../contract/endpoints';
import { routes } from '../../src/app/routes';
import { TOKEN_COOKIE } from '../../src/config/constants';
import { DEMO, everyScreen, type ScreenVisit } from '../e2e/steps';
import { logIn, logOut, open, openWebKit, PAGE, screenshotOnFailure, scriptErrors, settle, shot } from './webkit';

/**
 * Every path of docs/product.md §2 in WebKit, as a guest and as the demo customer: the title of the
 * screen it lands on (a guest may be sent to log in), a screen drawn with text, not the load
 * error nor 页面不存在, and no script error; and the login screens end where the screen ends.
 */
let driver: WebDriver | undefined;
let screens: ScreenVisit[];

beforeAll(async () => {
  driver = await openWebKit();
  screens = await everyScreen();
});
afterAll(async () => {
  await driver?.quit();
});
screenshotOnFailure(() => driver);

/** The title docs/product.md §2.2 gives the screen at `pathname` (where a redirect may have landed). */
function titleAt(pathname: string): string | undefined {
  if (pathname === '/') return '首页 - 健康服务平台';
  const route = routes.find((r) => r.path.replace(':version', 'v2') === pathname);
  if (!route) return '页面不存在 - 健康服务平台';
  return route.title ? `${route.title} - 健康服务平台` : '健康服务平台';
}

/**
 * Starts a write-off of right 1 (unlimited) as the logged-in customer, as /servWriteOff does,
 * with the contract's headers as the request client sends them: the pending consumption's id.
 */
async function pendingWriteOff(): Promise<number> {
  await open(driver!, '/index');
  await settle(driver!);
  const envelope = (await driver!.executeAsyncScript(
    `
    const [name, clientType, clientVersion, tokenCookie] = arguments;
    const done = arguments[arguments.length - 1];
    const token = new RegExp('(?:^|; )' + tokenCookie + '=([^;]+)').exec(document.cookie);
    const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (256 | b).toString(16).slice(1)).join('');
    const headers = { 'Content-Type': 'application/json' };
    headers[name.clientType] = clientType;
    headers[name.clientVersion] = clientVersion;
    headers[name.nonce] = nonce;
    headers[name.timestamp] = String(Date.now());
    if (token) headers[name.authorization] = 'Bearer ' + decodeURIComponent(token[1]);
    fetch('/gateway/user/permConsume/writeOff', { method: 'POST', headers, body: JSON.stringify({ rightId: 1 }) })
      .then((r) => r.json()).then(done, (e) => done({ code: 0, desc: String(e) }));
  `,
    Header,
    CLIENT_TYPE,
    CLIENT_VERSION,
    TOKEN_COOKIE,
  )) as { code: number; desc: string; obj?: { id: number; status: string } };
  if (envelope.code !== 200 || envelope.obj?.status !== 'pending')
    throw new Error(`writeOff answered ${JSON.stringify(envelope)}`);
  return envelope.obj.id;
}

async function visitAll(who: string, visits = screens): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of visits) {
    const before = problems.length;
    await open(driver!, screen.url);
    await settle(driver!);
    const at = new URL(await driver!.getCurrentUrl()).pathname;
    const title = await driver!.getTitle();
    if (title !== titleAt(at)) problems.push(`${screen.url} → ${at}: title "${title}", expected "${titleAt(at)}"`);
    const shown = (await driver!.executeScript(`
      const root = document.getElementById('root');
      return {
        text: root ? root.innerText.trim().length : 0,
        loadError: document.body.innerText.includes('加载失败，请检查网络后重试'),
        notFound: [...document.querySelectorAll('main h1')].some((h) => h.textContent === '页面不存在' && h.getClientRects().length),
      };
    `)) as { text: number; loadError: boolean; notFound: boolean };
    if (shown.text === 0) problems.push(`${screen.url}: blank screen`);
    if (shown.loadError) problems.push(`${screen.url}: shows the load error view`);
    if (screen.path !== '*' && shown.notFound) problems.push(`${screen.url}: shows 页面不存在`);
    const errors = await scriptErrors(driver!);
    if (errors.length) problems.push(`${screen.url}: script error ${errors.join(' | ')}`);
    if (problems.length > before) await shot(driver!, `${who}${screen.url.split('?')[0].replace(/[/:]/g, '_')}`);
  }
  return problems;
}

describe('every path in WebKit (MiniBrowser, iOS WeChat user agent)', () => {
  it('is a phone-proportioned page whose root font is a tenth of its width', async () => {
    await open(driver!, '/index');
    await settle(driver!);
    const [width, height, font] = (await driver!.executeScript(
      'return [innerWidth, innerHeight, getComputedStyle(document.documentElement).fontSize]',
    )) as [number, number, string];
    expect([width, height]).toEqual([PAGE.width, PAGE.height]);
    expect(parseFloat(font)).toBeCloseTo(PAGE.width / 10, 3);
  });

  it('opens each as a guest', { timeout: 600_000 }, async () => {
    await logOut(driver!);
    expect(await visitAll('guest')).toEqual([]);
  });

  it('ends each login screen where the screen ends (nothing to scroll)', async () => {
    await logOut(driver!);
    const overflow: string[] = [];
    for (const path of ['/login', '/login1', '/login2', '/loginMn', '/loginShare', '/loginShareMn']) {
      const query = path.startsWith('/loginShare') ? '?promoterId=P100239&agentId=A9001' : '';
      await open(driver!, `${path}${query}`);
      await settle(driver!);
      const [scroll, client] = (await driver!.executeScript(
        'const s = document.scrollingElement; return [s.scrollHeight, s.clientHeight]',
      )) as [number, number];
      if (scroll !== client) overflow.push(`${path}: scrollHeight ${scroll}, clientHeight ${client}`);
    }
    expect(overflow).toEqual([]);
  });

  it('opens each as the demo customer', { timeout: 600_000 }, async () => {
    await logIn(driver!, DEMO.customer);
    // /statusOne (等待核销) needs a consumption that is really pending.
    const pendingId = await pendingWriteOff();
    const visits = screens.map((s) =>
      s.path === '/statusOne' ? { ...s, url: `/statusOne?consumeId=${pendingId}` } : s,
    );
    expect(await visitAll('customer', visits)).toEqual([]);
  });
});
