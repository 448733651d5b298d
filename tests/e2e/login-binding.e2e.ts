import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { BizDesc } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, freshPhone, loggedInPhone, logInByLink, signedPost, ssoLocation, storedUser, ticketLink } from './steps';

/**
 * The login as an attacker would try it (decisions 0051, 0052): a link with someone else's
 * ticket opened in a victim's browser, and a WeChat openId that is not one's own posted to
 * wxinfo. Neither changes who anyone is.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The login checks (ck, ckNew) the page asks for. */
function recordCk(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/login\/rui\/ck(New)?(\?|$)/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

const tokenCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'token')?.value;

describe('a link with someone else’s ticket', () => {
  it('logs nobody in: a logged-in victim stays who they are and is told to log in again', async () => {
    // The attacker starts a login with their own phone and keeps the SSO's answer unopened.
    const attacker = await newPhone(browser);
    const attackerPage = await attacker.newPage();
    const link = await ticketLink(attackerPage, DEMO.noRights);
    expect(link.pathname).toBe('/transferPage');
    expect(link.searchParams.get('ticket')).toBeTruthy();

    // The victim, logged in as 张晓明, opens it.
    const victim = await loggedInPhone(browser, DEMO.customer);
    const page = await victim.newPage();
    const errors = watchErrors(page);
    const ck = recordCk(page);
    await page.goto('/mine?indexCode=index');
    await page.getByText('张晓明').waitFor();
    const before = { user: await storedUser(page), cookie: await tokenCookie(page) };

    for (const tampered of [link.toString(), withoutState(link)]) {
      await page.goto(tampered);
      await page.getByRole('heading', { name: '登录未完成' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('登录已失效，请重新登录');
      expect(await page.getByRole('button', { name: '重新登录' }).isVisible()).toBe(true);
      // Refused outright: no question about switching, no ticket exchanged, nothing stored.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(ck).toEqual([]);
      expect(await storedUser(page)).toEqual(before.user);
      expect(await tokenCookie(page)).toBe(before.cookie);
    }
    await snap(page, 'login_foreign_ticket');

    // Still 张晓明, with a session the gateway still honours.
    await page.goto('/mine?indexCode=index');
    await page.getByText('张晓明').waitFor();
    expect((await storedUser(page)).userInfo?.mobilePhone).toBe(DEMO.customer);

    // The ticket itself was good: in the browser that asked for it, it logs the attacker in.
    await attackerPage.goto(link.toString());
    await attackerPage.waitForURL((url) => !url.pathname.startsWith('/transferPage'));
    expect((await storedUser(attackerPage)).userInfo?.mobilePhone).toBe(DEMO.noRights);

    expect(errors).toEqual([]);
    await Promise.all([attacker.close(), victim.close()]);
  });

  it('a logged-out visitor opening it is not logged in either', async () => {
    const attacker = await newPhone(browser);
    const link = await ticketLink(await attacker.newPage(), DEMO.noRights);
    const visitor = await newPhone(browser);
    const page = await visitor.newPage();
    const ck = recordCk(page);
    await page.goto(link.toString());
    await page.getByRole('heading', { name: '登录未完成' }).waitFor();
    expect(ck).toEqual([]);
    expect((await storedUser(page)).token ?? '').toBe('');
    expect(await tokenCookie(page)).toBeUndefined();
    await Promise.all([attacker.close(), visitor.close()]);
  });
});

/** The link as an attacker who knows of the state might send it: without one. */
function withoutState(link: URL): string {
  const url = new URL(link);
  url.searchParams.delete('state');
  return url.toString();
}

describe('a WeChat openId that is not one’s own', () => {
  it('is refused by wxinfo, and the victim’s own 微信授权登录 still binds it', async () => {
    const victimPhone = freshPhone();
    // The openId the stand-in once derived from a phone alone, and the victim's real one with
    // the sign the SSO gave their login (as if it had leaked).
    const derived = `wx_${createHash('sha256').update(`wx:${victimPhone}`).digest('hex').slice(0, 24)}`;
    const victimsLogin = await ssoLocation(victimPhone, { wx: true });
    const real = victimsLogin.searchParams.get('openId')!;
    const sign = victimsLogin.searchParams.get('openIdSign')!;
    expect(real).not.toBe(derived);

    const attacker = await newPhone(browser);
    const page = await attacker.newPage();
    await logInByLink(page, freshPhone());
    for (const body of [
      { openId: derived, nickname: '抢注' },
      { openId: real, nickname: '抢注', openIdSign: '' },
      { openId: real, nickname: '抢注', openIdSign: sign },
    ]) {
      const answer = await signedPost(page, endpoints.wxinfo, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 10001, desc: BizDesc.wxNotVouched });
    }
    await attacker.close();

    // The victim's 微信授权登录 later: bound to their own account, their WeChat name shown.
    const victim = await newPhone(browser);
    const victimPage = await victim.newPage();
    const errors = watchErrors(victimPage);
    await logInByLink(victimPage, victimPhone, { wx: true });
    await victimPage.waitForFunction(
      (name) =>
        (JSON.parse(localStorage.getItem('user') ?? '{}') as { state?: { nickname?: string } }).state?.nickname ===
        name,
      `微信用户${victimPhone.slice(-4)}`,
    );
    expect(errors).toEqual([]);
    await victim.close();
  });
});
