import { policyForHtml } from '../../gateway/src/csp';
import { bootPage, buildConfig, builtHtml, builtPage } from '../../tests/first-paint';

/**
 * What paints before the app writes configuration and customer texts as text (decision 0057): a
 * text planted in the build's configuration cannot close or break an inline script, and one in a
 * customer's answer is drawn as it is. Every inline script is allowed by its hash.
 */
const PLANTED = {
  'a closing script tag': '</script><img src=x onerror="window.PWNED=1">',
  'replacement patterns': "满$'$`$&$$ 0)}})();window.PWNED=1//",
  // Unescaped, the script's own end tag would no longer end it: the page after it became script.
  'an HTML comment opener': '<!--<script>',
  'a line separator (U+2028)': '第一行\u2028第二行\u2029完',
};

const plainScripts = builtPage().querySelectorAll('script').length;

afterEach(() => {
  vi.unstubAllGlobals();
  for (const key of ['__bootScreen', '__bootBanner', '__earlyRights', '__earlyNotices', '__holdApp', '__earlyDate'])
    delete (window as unknown as Record<string, unknown>)[key];
  delete (window as { PWNED?: number }).PWNED;
  document.documentElement.removeAttribute('data-boot');
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe.each(Object.entries(PLANTED))('%s', (_name, planted) => {
  it('in a banner of the configuration stays text of one script, drawn as it is', () => {
    const banner = { ...buildConfig.index.banners[0], title: planted, subtitle: planted };
    const indexConfig = { ...buildConfig, index: { ...buildConfig.index, banners: [banner] } };
    const page = builtPage(indexConfig);
    expect(page.querySelectorAll('script')).toHaveLength(plainScripts);
    expect(page.querySelector('head img, head p, body img')).toBeNull();
    for (const script of page.querySelectorAll('script')) {
      expect(() => new Function(script.textContent!)).not.toThrow();
      // A line break to a script engine before ES2019 (an older WebView) inside a string literal.
      expect(script.textContent).not.toMatch(/[\u2028\u2029]/);
    }
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
    await window.__earlyRights!.page;
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
    await window.__earlyNotices!.page;
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
