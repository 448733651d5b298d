import type { IndexConfig } from '@contract/types';
import type { BootHooks, EarlyFiles } from './globals';
import { earlyCalls } from './globals';
import { isHome } from './page';
import { specHeaders } from './spec-headers';
import type { FirstPaintTemplates } from './templates';
import { fromTemplate } from './templates';

/** Each indexCode's title, theme and first banner, from the build's configuration (decision 0031). */
export type FirstBanners = Record<
  string,
  Pick<IndexConfig[string], 'title' | 'theme'> & {
    banners: Array<Pick<IndexConfig[string]['banners'][number], 'title' | 'subtitle' | 'tone'>>;
  }
>;

const TONE = /^(blue|red|teal|gold)$/;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The home's two files (decision 0003), asked for right after the first paint on /index and
 * /indexNew, with docs/product.md §7's headers; the first answer's `Date` header goes to the
 * request client's clock (lib/clock.ts), so the first API call already uses the gateway's time.
 * `drawn` gets the configuration when it arrives.
 */
export function fetchHomeFiles(hooks: BootHooks, drawn: (config: unknown) => void): void {
  const early = earlyCalls();
  let dated: (date: string | null) => void = () => undefined;
  let failed = 0;
  early.date = new Promise((resolve) => (dated = resolve));
  const file = (name: keyof EarlyFiles): Promise<unknown> => {
    const call = fetch(`/jsons/${name}.json`, { headers: specHeaders() });
    call.then(
      (response) => dated(response.headers.get('Date')),
      () => {
        if (++failed === 2) dated(null);
      },
    );
    return call
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((value) => {
        if (value) (early.arrived ??= {})[name] = value as never;
        return value;
      })
      .catch(() => null);
  };
  hooks.afterPaint(() => {
    early.files = { indexConfig: file('indexConfig'), serviceCatalog: file('serviceCatalog') };
    void early.files.indexConfig!.then(drawn);
  });
}

/**
 * /index (decision 0031): the skeleton's banner place shows the indexCode's first banner as
 * `BannerCarousel` renders it, from the build's configuration as the HTML is parsed, then from
 * the fetched file when that differs. Its texts are set as text.
 */
export function bootHome(hooks: BootHooks, banners: FirstBanners, templates: FirstPaintTemplates): void {
  if (!isHome(location.pathname)) return;
  const draw = (config: unknown) => {
    const code = (/[?&]indexCode=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(location.search) ?? [])[1] ?? 'index';
    const entries = (config ?? {}) as FirstBanners;
    const first = (entries[code] ?? entries.index)?.banners?.[0];
    const place = document.querySelector('.boot__banner, .boot .banners');
    if (!first || !place) return;
    const tone = TONE.test(first.tone) ? first.tone : 'blue';
    const key = JSON.stringify([first.title, first.subtitle, tone]);
    if (place.getAttribute('data-banner') === key) return;
    const section = fromTemplate(templates.banner, {
      title: textOf(first.title),
      subtitle: textOf(first.subtitle),
      tone,
    });
    section.removeAttribute('aria-label');
    section.setAttribute('aria-hidden', 'true');
    section.setAttribute('data-banner', key);
    place.replaceWith(section);
  };
  hooks.banner = () => draw(banners);
  fetchHomeFiles(hooks, draw);
}
