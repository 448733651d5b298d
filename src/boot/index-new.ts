import { bootFrame, element, whenStyled } from './dom';
import type { BootHooks } from './globals';
import type { FirstBanners } from './home';
import { fetchHomeFiles } from './home';
import type { FirstPaintTemplates } from './templates';
import { fromTemplate } from './templates';

const TONE = /^(blue|red|teal|gold)$/;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The entry /indexNew shows: the indexCode's own when it is a new-theme one, else `indexNew`. */
function entryOf(config: unknown): FirstBanners[string] | undefined {
  const entries = (config ?? {}) as FirstBanners;
  const code = (/[?&]indexCode=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(location.search) ?? [])[1];
  const own = code ? entries[code] : undefined;
  return own?.theme === 'indexNew' ? own : entries.indexNew;
}

/**
 * /indexNew (decision 0040): its own layout in place of the boot skeleton, as the screen lays it
 * out: the teal header, the customer's two reserved slots (or the guest's login hint), and the
 * entry's first banner from the build's configuration, drawn again from the fetched file when
 * that differs. Texts set as text; classes of features/home; nothing focusable.
 */
export function bootIndexNew(hooks: BootHooks, banners: FirstBanners, templates: FirstPaintTemplates): void {
  if (location.pathname !== '/indexNew') return;
  let frame: HTMLElement | undefined;
  let shown: string | undefined;
  const draw = (config: unknown) => {
    const entry = entryOf(config);
    const first = entry?.banners?.[0];
    if (!frame || !entry || !first) return;
    const tone = TONE.test(first.tone) ? first.tone : 'teal';
    const key = JSON.stringify([entry.title, first.title, first.subtitle, tone]);
    if (key === shown) return;
    shown = key;
    frame.querySelector('.home-new__tagline')!.textContent = textOf(entry.title);
    const banner = fromTemplate(templates.homeNewBanner, {
      title: textOf(first.title),
      subtitle: textOf(first.subtitle),
      tone,
    });
    frame.querySelector('.home-new__banners')!.replaceChildren(banner);
  };
  hooks.screen = () =>
    whenStyled(() => {
      const boot = document.querySelector('#root > .boot');
      if (!boot) return;
      frame = bootFrame('app app--tabbed');
      const home = element('div', 'home-new theme-new');
      home.appendChild(fromTemplate(templates.homeNewHeader));
      const body = home.appendChild(element('div', 'home-new__body'));
      if (document.documentElement.getAttribute('data-boot') === 'guest') {
        const hint = boot.querySelector('.login-hint')!.cloneNode(true) as HTMLElement;
        hint.classList.remove('boot__hint');
        body.appendChild(hint);
      } else {
        body.appendChild(fromTemplate(templates.noticeTicker));
        body.appendChild(fromTemplate(templates.rightsSummary));
      }
      body.appendChild(element('section', 'home-new__banners'));
      frame.appendChild(element('main')).appendChild(element('div', 'screen')).appendChild(home);
      frame.appendChild(element('div', 'boot__tabbar'));
      boot.replaceWith(frame);
      draw(banners);
    });
  fetchHomeFiles(hooks, draw);
}
