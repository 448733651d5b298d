import type { BootHooks } from '@/boot/globals';
import { PRODUCT_LINE_LABEL, remainingText, validityText } from '@/lib/right-facts';
import { demoRights } from '@contract/demo-data';
import type { Right } from '@contract/types';
import { bootPage as boot, buildConfig as config, builtPage as built } from '../../tests/first-paint';

/**
 * The screens index.html draws before the app has run. /indexNew (decision 0040): the new-theme
 * home's own layout in place of the boot skeleton, with the entry the screen will show (the
 * indexCode's own when it is a new-theme one, else `indexNew`), its texts as text. /mine: the
 * header from the stored customer (decision 0050). Any other screen: an empty skeleton.
 */
const text = (selector: string) => document.querySelector(`#root > .boot ${selector}`)?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__boot;
  delete window.__early;
  document.documentElement.removeAttribute('data-boot');
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe("index.html's /indexNew", () => {
  it("draws the header, the customer's two reserved slots and the indexNew entry's first banner", () => {
    boot('/indexNew?indexCode=index');
    const { title, banners } = config.indexNew;
    // The boot skeleton's brand (the app's title, written in by Vite).
    expect(text('.home-new__brand')).toBe(built().querySelector('.boot__brand')!.textContent);
    expect(text('.home-new__tagline')).toBe(title);
    expect(text('.home-new__banner-title')).toBe(banners[0].title);
    expect(text('.home-new__banner-subtitle')).toBe(banners[0].subtitle);
    expect(document.querySelector('.boot .home-new__banner')!.className).toBe(
      `home-new__banner banner--${banners[0].tone}`,
    );
    // In the screen's order: the ticker's and the rights summary's slots above the banner.
    expect([...document.querySelector('.boot .home-new__body')!.children].map((e) => e.className)).toEqual([
      'notice-ticker',
      'rights-summary',
      'home-new__banners',
    ]);
    expect(document.querySelector('.boot')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(document.querySelector('.boot a[href], .boot button:not([tabindex="-1"]), .boot [tabindex="0"]')).toBeNull();
  });

  it('draws the login hint in the slots’ place for a guest', () => {
    boot('/indexNew', { guest: true });
    expect([...document.querySelector('.boot .home-new__body')!.children].map((e) => e.className)).toEqual([
      'login-hint',
      'home-new__banners',
    ]);
    expect(text('.login-hint__title')).toBe('登录查看您的健康权益');
  });

  it("takes an indexCode's own entry only when it is a new-theme one", () => {
    const own = {
      ...config.indexNew,
      title: '自有新主题',
      banners: [{ ...config.indexNew.banners[0], title: '自有横幅' }],
    };
    boot('/indexNew?indexCode=mine', { indexConfig: { ...config, mine: own } });
    expect(text('.home-new__banner-title')).toBe('自有横幅');
    expect(text('.home-new__tagline')).toBe('自有新主题');
    document.body.innerHTML = '';
    boot('/indexNew?indexCode=ebt');
    expect(text('.home-new__banner-title')).toBe(config.indexNew.banners[0].title);
  });

  it('writes hostile texts as text, an unknown tone as teal', () => {
    const hostile = '<img src=x onerror="window.PWNED=1">';
    boot('/indexNew', {
      indexConfig: {
        ...config,
        indexNew: {
          ...config.indexNew,
          title: hostile,
          banners: [{ ...config.indexNew.banners[0], title: hostile, tone: 'x" onclick="1' as never }],
        },
      },
    });
    expect(text('.home-new__banner-title')).toBe(hostile);
    expect(text('.home-new__tagline')).toBe(hostile);
    expect(document.querySelector('.boot img')).toBeNull();
    expect(document.querySelector('.boot .home-new__banner')!.className).toBe('home-new__banner banner--teal');
  });

  /** Boots /indexNew and answers the home's early files with `indexConfig`, after `meanwhile`. */
  async function answered(indexConfig: unknown, meanwhile = () => undefined as void) {
    const answers: Array<() => void> = [];
    boot('/indexNew');
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise((resolve) =>
          answers.push(() => resolve({ ok: true, headers: new Headers(), json: () => Promise.resolve(indexConfig) })),
        ),
    );
    // An earlier test's page may still ask (its first paint's timer): every call gets the answer.
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(2), { timeout: 30_000 });
    meanwhile();
    answers.forEach((answer) => answer());
    await window.__early!.files!.indexConfig;
    await new Promise((resolve) => setTimeout(resolve));
  }

  it('draws the fetched configuration’s banner when it differs, and nothing once the app has taken over', async () => {
    const changed = {
      ...config,
      indexNew: { ...config.indexNew, banners: [{ ...config.indexNew.banners[0], title: '运营改过的横幅' }] },
    };
    let banner: Element | null = null;
    await answered(config, () => void (banner = document.querySelector('.boot .home-new__banner')));
    expect(document.querySelector('.boot .home-new__banner')).toBe(banner);
    document.body.innerHTML = '';
    await answered(changed);
    expect(text('.home-new__banner-title')).toBe('运营改过的横幅');
    // The app's own home, with the same classes as the drawn one.
    const app = '<div class="app"><p class="home-new__tagline"></p><section class="home-new__banners"></section></div>';
    document.body.innerHTML = '';
    await answered(changed, () => void (document.querySelector('#root')!.innerHTML = app));
    expect(document.querySelector('#root')!.innerHTML).toBe(app);
  });
});

describe("index.html's /mine", () => {
  const stored = { mobilePhone: '13800138000', nickname: '<b>张晓明</b>' };

  it('draws the header from the stored customer, its texts as text, and the counts’ loading row', () => {
    boot('/mine', { userInfo: stored });
    expect(text('.mine__name')).toBe('<b>张晓明</b>');
    expect(document.querySelector('.boot b')).toBeNull();
    expect(text('.mine__phone')).toBe('138****8000');
    expect(document.querySelectorAll('.boot .mine-counts__cell--skeleton')).toHaveLength(3);
    expect(document.querySelector('.boot .user-avatar')).not.toBeNull();
    expect(document.querySelector('.boot')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(document.querySelector('.boot a, .boot button, .boot [tabindex="0"]')).toBeNull();
    expect(document.querySelector('.boot__brand')).toBeNull();
  });

  it('leaves a guest the empty skeleton: the screen asks them to log in', () => {
    boot('/mine', { guest: true });
    expect(window.__boot?.screen).toBeUndefined();
    expect(document.documentElement.getAttribute('data-boot')).toBe('plain');
  });
});

describe("index.html's /rights", () => {
  const rights: Right[] = demoRights
    .filter((r) => r.userId === demoRights[0].userId)
    .map(({ userId: _user, ...r }) => ({
      ...r,
      status: r.validTo < '2026-01-01' ? 'expired' : r.usedTimes === r.totalTimes ? 'used' : 'available',
    }));
  const envelope = (obj: unknown) => ({ code: 200, desc: '成功', obj });
  const settled = () => window.__early!.rights!.page;
  const cards = () => [...document.querySelectorAll('.boot .right-card')];

  it('draws the tabs and the loading rows at once, then the tab’s cards worded as the screen words them', async () => {
    boot('/rights?indexCode=index', { answer: envelope(rights) });
    expect([...document.querySelectorAll('.boot .rights__tab')].map((t) => t.textContent)).toEqual([
      '可使用',
      '已使用',
      '已过期',
      '使用记录',
    ]);
    expect(document.querySelector('.boot .rights__tab[aria-selected="true"]')!.textContent).toBe('可使用');
    await settled();
    const available = rights.filter((r) => r.status === 'available');
    expect(cards()).toHaveLength(available.length);
    expect(document.querySelector('.boot .skeleton')).toBeNull();
    for (const [i, card] of cards().entries()) {
      const r = available[i];
      expect(card.className).toBe('right-card right-card--available');
      expect(card.querySelector('.right-card__name')!.textContent).toBe(r.name);
      expect(card.querySelector('.right-card__line')!.textContent).toBe(PRODUCT_LINE_LABEL[r.productLine]);
      expect(card.querySelector('.right-card__times')!.textContent).toBe(remainingText(r));
      expect([...card.querySelectorAll('.right-card__meta')].map((m) => m.textContent)).toEqual([
        `有效期 ${validityText(r)}`,
        `保单号 ${r.policyNo}`,
      ]);
    }
    expect([...document.querySelectorAll('.boot .rights__tab-count')].map((c) => c.textContent)).toEqual([
      '4',
      '2',
      '2',
    ]);
    expect(document.querySelector('.boot a[href], .boot [tabindex="0"]')).toBeNull();
    expect(window.__early!.rights!.arrived).toEqual(rights);
  });

  it('draws the tab the address names, and nothing for the records tab', async () => {
    boot('/rights?tab=expired', { answer: envelope(rights) });
    await settled();
    expect(cards().map((c) => c.className)).toEqual([
      'right-card right-card--expired',
      'right-card right-card--expired',
    ]);
    delete window.__boot;
    delete window.__early?.rights;
    document.documentElement.removeAttribute('data-boot');
    boot('/rights?tab=records', { answer: envelope(rights) });
    expect((window.__boot as BootHooks | undefined)?.screen).toBeUndefined();
    expect(window.__early?.rights).toBeUndefined();
  });

  it('writes hostile texts as text', async () => {
    const hostile = '<img src=x onerror="window.PWNED=1">';
    boot('/rights', { answer: envelope([{ ...rights[0], name: hostile, policyNo: hostile }]) });
    await settled();
    expect(document.querySelector('.boot .right-card__name')!.textContent).toBe(hostile);
    expect(document.querySelector('.boot img')).toBeNull();
  });

  it('leaves to the app an empty list, a refusal or a list that is not of rights: the loading rows stay', async () => {
    for (const answer of [envelope([]), { code: 401, desc: '登录已失效', obj: null }, envelope([{ id: 1 }])]) {
      boot('/rights', { answer });
      expect(await settled()).toBeNull();
      expect(window.__early!.rights!.arrived).toBeUndefined();
      expect(cards()).toHaveLength(0);
      expect(document.querySelector('.boot .skeleton')).not.toBeNull();
      delete window.__early?.rights;
    }
  });
});

describe("index.html's other screens", () => {
  it('keep the skeleton empty (data-boot="plain" hides the home’s header): no screen flashes the home', () => {
    for (const path of ['/rights', '/servList', '/my/info', '/message']) {
      boot(path, { guest: path === '/message' || path === '/rights' });
      expect(document.documentElement.getAttribute('data-boot'), path).toBe('plain');
      expect(window.__boot?.screen, path).toBeUndefined();
      document.documentElement.removeAttribute('data-boot');
    }
    for (const path of ['/index', '/', '/indexNew']) {
      boot(path);
      expect(document.documentElement.getAttribute('data-boot'), path).toBeNull();
    }
  });
});
