import jsQR from 'jsqr';
import { By, until, type WebDriver } from 'selenium-webdriver';
import { confirmWriteOff, DEMO, freshPhone } from '../e2e/steps';
import {
  baseUrl,
  byCss,
  byText,
  logIn,
  logOut,
  open,
  openWebKit,
  screenshotOnFailure,
  scriptErrors,
  settle,
  shot,
  tap,
  waitForPath,
} from './webkit';

/**
 * The journeys that matter most, in WebKit with an iOS WeChat user agent: the SMS login and
 * the way back, a right's write-off code and its status, a notice opened, an address saved
 * with the region picker, and the agent's share QR decoded from a screenshot.
 */
let driver: WebDriver | undefined;

beforeAll(async () => {
  driver = await openWebKit();
});
afterAll(async () => {
  await driver?.quit();
});
screenshotOnFailure(() => driver);

const d = () => driver!;

describe('journeys in WebKit', () => {
  it('logs in by SMS from /login and comes back to the home, logged in', async () => {
    await logOut(d());
    await open(d(), '/login');
    await settle(d());
    // Tapped again if the first tap came before the screen listened.
    await d().wait(
      async () => {
        if (new URL(await d().getCurrentUrl()).pathname === '/sso/login') return true;
        await tap(() => byText(d(), '手机号登录', 'button')).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return false;
      },
      30_000,
      'never reached /sso/login',
    );
    await (await byCss(d(), '#phone')).sendKeys(freshPhone());
    await tap(() => byCss(d(), '#send'));
    const demo = await d().wait(until.elementLocated(By.xpath('//*[starts-with(., "演示环境验证码：")]')), 20_000);
    await d().wait(until.elementIsVisible(demo), 20_000);
    const code = /\d{6}/.exec(await demo.getText())?.[0] ?? '';
    await (await byCss(d(), '#code')).sendKeys(code);
    await tap(() => byCss(d(), '#agree'));
    await tap(() => byCss(d(), 'button.primary[type="submit"]'));
    await waitForPath(d(), '/index');
    await d().wait(async () => (await d().manage().getCookie('token')) !== null, 20_000, 'no token cookie');
    await settle(d());
    expect(await d().getTitle()).toBe('首页 - 健康服务平台');
    // Logged in: the home's login hint is gone.
    expect(await d().findElements(By.xpath('//*[normalize-space(.)="登录查看您的健康权益"]'))).toHaveLength(0);
    await shot(d(), 'journey-sms-login');
  });

  it('takes a right from /rights to its write-off code and, once scanned, to 核销成功', async () => {
    await logOut(d());
    await logIn(d(), DEMO.customer);
    await open(d(), '/rights');
    await settle(d());
    await tap(() => byText(d(), '就医绿通', 'a'));
    await waitForPath(d(), '/servInform');
    await settle(d());
    await tap(() => byText(d(), '立即使用', 'button'));
    await waitForPath(d(), '/servWriteOff');
    const digits = await byCss(d(), '[aria-label^="核销码 "]');
    const writeOffCode = /\d{12}/.exec((await digits.getAttribute('aria-label')) ?? '')?.[0] ?? '';
    expect(writeOffCode).toMatch(/^\d{12}$/);
    await byCss(d(), '[aria-label="核销二维码"], [title="核销二维码"], img[alt="核销二维码"]');
    await shot(d(), 'journey-write-off-code');
    expect((await confirmWriteOff(writeOffCode)).code).toBe(200);
    await waitForPath(d(), '/statusTwo');
    await byText(d(), '核销成功', 'h1');
    expect(await d().getTitle()).toBe('核销成功 - 健康服务平台');
    expect(await scriptErrors(d())).toEqual([]);
  });

  it('opens a notice from /message', async () => {
    await logOut(d());
    await logIn(d(), DEMO.customer);
    await open(d(), '/message');
    await settle(d());
    // index.html draws the first page before the app does, which then replaces it: a found
    // button can go stale once, as the list is swapped.
    let title = '';
    await tap(async () => {
      const first = await byCss(d(), '.messages__list .notice-item__button');
      title = (await first.findElement(By.css('.notice-item__title')).getText()).trim();
      return first;
    });
    const dialog = await byCss(d(), '[role="dialog"]');
    expect(await dialog.getText()).toContain(title);
    await shot(d(), 'journey-notice');
    expect(await scriptErrors(d())).toEqual([]);
  });

  it('saves an address with the region picker, kept after a reload', async () => {
    await logOut(d());
    await logIn(d(), freshPhone());
    // A new customer is asked to agree to the privacy terms first, on the home.
    await tap(() => byText(d(), '我已阅读并同意', 'button'));
    await d().wait(
      async () => (await d().findElements(By.xpath('//button[normalize-space(.)="我已阅读并同意"]'))).length === 0,
      20_000,
      'the privacy sheet stayed',
    );
    await open(d(), '/my/info');
    await settle(d());
    await tap(() => byText(d(), '新增地址', 'button'));
    await (await byCss(d(), '#address-name')).sendKeys('李华');
    await (await byCss(d(), '#address-tel')).sendKeys('010-12345678');
    await tap(() => byCss(d(), '[aria-labelledby="address-region-label address-region-value"]'));
    const option = (name: string) =>
      byText(d(), name).then(async () => {
        const options = await d().findElements(
          By.xpath(`//*[contains(@class,"adm-list-item-content-main")][normalize-space(.)=${JSON.stringify(name)}]`),
        );
        for (const candidate of options) if (await candidate.isDisplayed()) return candidate;
        throw new Error(`no region ${name} shown`);
      });
    const tabActive = (index: number) =>
      d().wait(
        async () =>
          (await d().executeScript(
            `return document.querySelectorAll('.adm-cascader .adm-tabs-tab')[${index}]?.classList.contains('adm-tabs-tab-active')`,
          )) === true,
        20_000,
        `the picker's tab ${index + 1} never opened`,
      );
    await tap(() => option('上海市'));
    await tabActive(1);
    await tap(() => option('上海市'));
    await tabActive(2);
    await tap(() => option('徐汇区'));
    await tap(() => byText(d(), '确定'));
    await d().wait(
      async () =>
        (await d().executeScript("return !document.querySelector('.adm-cascader')?.getClientRects().length")) === true,
      20_000,
    );
    await (await byCss(d(), '#address-detail')).sendKeys('漕溪北路88号 1801室');
    await tap(() => byText(d(), '保存', 'button'));
    await byCss(d(), '[aria-label="李华的地址"]');
    await d().navigate().refresh();
    await settle(d());
    const saved = await byCss(d(), '[aria-label="李华的地址"]');
    expect(await saved.getText()).toContain('徐汇区');
    await shot(d(), 'journey-address');
  });

  it("shows the agent's share QR, which decodes to the share link", async () => {
    await logOut(d());
    await logIn(d(), DEMO.agent);
    await open(d(), '/my/share');
    await settle(d());
    await byCss(d(), 'img.share-qr__image');
    // The whole page, as a customer's phone would photograph it.
    const png = (await shot(d(), 'journey-share-qr')).toString('base64');
    // The page turns the PNG into pixels (WebKit's own decoder), jsQR reads them.
    const pixels = (await d().executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       const image = new Image();
       image.onload = () => {
         const canvas = document.createElement('canvas');
         canvas.width = image.naturalWidth;
         canvas.height = image.naturalHeight;
         const g = canvas.getContext('2d');
         g.drawImage(image, 0, 0);
         const data = g.getImageData(0, 0, canvas.width, canvas.height);
         done({ width: data.width, height: data.height, data: Array.from(data.data) });
       };
       image.src = 'data:image/png;base64,' + arguments[0];`,
      png,
    )) as { width: number; height: number; data: number[] };
    const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
    expect(decoded).toBe(`${baseUrl()}/share?promoterId=P100239&agentId=A9001`);
  });
});
