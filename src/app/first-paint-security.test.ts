import { policyForHtml } from '../../gateway/src/csp';
import { bootPage, buildConfig, builtHtml, builtPage } from '../../tests/first-paint';
import { PLANTED } from '../../tests/planted';

/**
 * What paints before the app writes configuration and customer texts as text (decision 0057): a
 * text planted in the build's configuration or in a customer's answer is drawn as it is. Every inline script is allowed by its hash.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__boot;
  delete window.__early;
  delete (window as { PWNED?: number }).PWNED;
  document.documentElement.removeAttribute('data-boot');
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe.each(Object.entries(PLANTED))('%s', (_name, planted) => {
  it('in a banner of the configuration is drawn as it is (tests/build/boot-module.test.ts: the script stays one)', () => {
    const banner = { ...buildConfig.index.banners[0], title: planted, subtitle: planted };
    const indexConfig = { ...buildConfig, index: { ...buildConfig.index, banners: [banner] } };
    bootPage('/index', { guest: true, indexConfig });
    expect(document.querySelector('.boot .banner__title')!.textContent).toBe(planted);
    expect(document.querySelector('.boot img')).toBeNull();
    expect((window as { PWNED?: number }).PWNED).toBeUndefined();
  });

  it('in a customer’s answer is drawn as text', async () => {
    bootPage('/mine', { userInfo: { mobilePhone: '13800138000', nickname: planted } });
    expect(document.querySelector('.boot .mine__name')!.textContent).toBe(planted);
    const right = {
      id: 1,
      name: planted,
      productLine: 'std',
      status: 'available',
      totalTimes: 3,
      usedTimes: 1,
      validFrom: '2025-01-01',
      validTo: '2029-12-31',
      policyNo: planted,
      serviceCode: 'checkup',
    };
    bootPage('/rights', { answer: { code: 200, desc: '成功', obj: [right] } });
    await window.__early!.rights!.page;
    expect(document.querySelector('.boot .right-card__name')!.textContent).toBe(planted);
    const notice = {
      id: 1,
      title: planted,
      content: planted,
      noticeType: 'system',
      readFlag: 0,
      createTime: '2026-10-01 09:00:00',
    };
    bootPage('/message', {
      answer: { code: 200, desc: '成功', obj: { list: [notice], total: 1, pageNum: 1, pageSize: 10 } },
    });
    await window.__early!.notices!.page;
    expect(document.querySelector('.boot .notice-item__title')!.textContent).toBe(planted);
    expect(document.querySelector('.boot img, .boot script')).toBeNull();
    expect((window as { PWNED?: number }).PWNED).toBeUndefined();
  });
});

it('the Content-Security-Policy allows every inline script of the page by its hash', () => {
  const html = builtHtml();
  const policy = policyForHtml(html);
  const scripts = [...builtPage().querySelectorAll('script:not([src])')];
  expect(scripts.length).toBeGreaterThan(0);
  expect(policy.match(/'sha256-/g)).toHaveLength(scripts.length);
});
