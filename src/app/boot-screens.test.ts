import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IndexConfig } from '@contract/types';
import { earlyNoticesInHtml } from '../../scripts/early-notices-html';
import { firstBannersInHtml } from '../../scripts/first-banners-html';
import { specHeadersInHtml } from '../../scripts/spec-headers-html';

/**
 * The screens index.html draws before the app has run. /indexNew (decision 0040): the new-theme
 * home's own layout in place of the boot skeleton, with the entry the screen will show (the
 * indexCode's own when it is a new-theme one, else `indexNew`), its texts as text. /mine: the
 * header from the stored customer (decision 0050). Any other screen: an empty skeleton.
 */
const config = JSON.parse(readFileSync('public/jsons/indexConfig.json', 'utf8')) as IndexConfig;

/** index.html as the build writes it with configuration `indexConfig`. */
function built(indexConfig: IndexConfig = config): Document {
  const root = mkdtempSync(path.join(tmpdir(), 'boot-'));
  mkdirSync(path.join(root, 'public/jsons'), { recursive: true });
  writeFileSync(path.join(root, 'public/jsons/indexConfig.json'), JSON.stringify(indexConfig));
  const html = earlyNoticesInHtml(firstBannersInHtml(specHeadersInHtml(readFileSync('index.html', 'utf8')), root));
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Runs index.html's boot on `url` (a customer unless `guest`), as the browser would parse it. */
function boot(
  url: string,
  { guest = false, indexConfig = config, userInfo = { mobilePhone: '13800138000' } as object } = {},
) {
  const page = built(indexConfig);
  if (!guest) {
    localStorage.setItem('user', JSON.stringify({ state: { userInfo } }));
    document.cookie = 'token=t; path=/';
  } else {
    localStorage.removeItem('user');
    document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  }
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  window.history.replaceState(null, '', url);
  document.body.innerHTML = page.querySelector('#root')!.outerHTML;
  for (const script of page.querySelectorAll('head script:not([src])')) new Function(script.textContent!)();
  window.__bootScreen?.();
}

const text = (selector: string) => document.querySelector(`#root > .boot ${selector}`)?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__bootScreen;
  delete window.__bootHeaders;
  delete window.__earlyDate;
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
    expect(document.querySelector('.boot a, .boot [tabindex="0"]')).toBeNull();
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

  it('draws the fetched configuration’s banner when it differs, and nothing once the app has taken over', () => {
    boot('/indexNew');
    const banner = document.querySelector('.boot .home-new__banner')!;
    const changed = {
      ...config,
      indexNew: { ...config.indexNew, banners: [{ ...config.indexNew.banners[0], title: '运营改过的横幅' }] },
    };
    window.__bootScreen!(config as never);
    expect(document.querySelector('.boot .home-new__banner')).toBe(banner);
    window.__bootScreen!(changed as never);
    expect(text('.home-new__banner-title')).toBe('运营改过的横幅');
    // The app's own home, with the same classes as the drawn one.
    const app = '<div class="app"><p class="home-new__tagline"></p><section class="home-new__banners"></section></div>';
    document.querySelector('#root')!.innerHTML = app;
    window.__bootScreen!({ ...changed, indexNew: { ...changed.indexNew, title: '又改过的标题' } } as never);
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
    expect(window.__bootScreen).toBeUndefined();
    expect(document.documentElement.getAttribute('data-boot')).toBe('plain');
  });
});

describe("index.html's other screens", () => {
  it('keep the skeleton empty (data-boot="plain" hides the home’s header): no screen flashes the home', () => {
    for (const path of ['/rights', '/servList', '/my/info', '/message']) {
      boot(path, { guest: path === '/message' });
      expect(document.documentElement.getAttribute('data-boot'), path).toBe('plain');
      expect(window.__bootScreen, path).toBeUndefined();
      document.documentElement.removeAttribute('data-boot');
    }
    for (const path of ['/index', '/', '/indexNew']) {
      boot(path);
      expect(document.documentElement.getAttribute('data-boot'), path).toBeNull();
    }
  });
});
