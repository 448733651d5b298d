import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { boot } from '@/boot/boot';
import type { BootHooks } from '@/boot/globals';
import { afterPaint } from '@/boot/page';
import type { FirstPaintTemplates } from '@/boot/templates';
import { env } from '@/config/env';
import type { IndexConfig } from '@contract/types';
import { firstBannersOf } from '../build/first-paint/first-banners';
import { skeletonLoginHint } from '../build/first-paint/skeleton-login-hint';
import { compactHtml } from '../build/vite-plugins/first-paint-from-html';

/** What paints before the app, run in jsdom as the browser would run index.html (decisions 0040, 0050, 0057). */
export const buildConfig = JSON.parse(readFileSync('public/jsons/indexConfig.json', 'utf8')) as IndexConfig;

/** The first-paint templates, as the build renders them from the screens' components (tests/first-paint-setup.ts). */
export const templates = inject('firstPaintTemplates');

/** The hooks the boot module gives the page, for a test that runs one of its drawings alone. */
export function bootHooks(): BootHooks {
  const hooks: BootHooks = { afterPaint };
  window.__boot = hooks;
  return hooks;
}

/** A call a drawing made: where, and with which headers. */
export interface DrawingCall {
  url: string;
  headers: Record<string, string>;
}

/**
 * Opens `url` with one of the boot module's drawings alone, as a customer (unless `guest`):
 * the early call answers when `respond` is called and fails when `fail` is.
 */
export function openDrawing(
  url: string,
  draw: (hooks: BootHooks, templates: FirstPaintTemplates) => void,
  { guest = false } = {},
) {
  localStorage.removeItem('user');
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  if (!guest) {
    localStorage.setItem('user', JSON.stringify({ state: { userInfo: { mobilePhone: '13800138000' } } }));
    document.cookie = 'token=tok%201; path=/';
  }
  const calls: DrawingCall[] = [];
  let respond!: (answer: unknown) => void;
  let fail!: () => void;
  vi.stubGlobal('fetch', (input: string, init: { headers: Record<string, string> }) => {
    calls.push({ url: input, headers: init.headers });
    return new Promise((resolve, reject) => {
      respond = (answer) => resolve({ json: () => Promise.resolve(answer) });
      fail = () => reject(new TypeError('Failed to fetch'));
    });
  });
  window.history.replaceState(null, '', url);
  document.body.innerHTML = '<div id="root"><div class="boot" aria-busy="true"></div></div>';
  draw(bootHooks(), templates);
  return { calls, respond: (answer: unknown) => respond(answer), fail: () => fail() };
}

/** The boot module's first banners for configuration `indexConfig`, as the build reads them. */
export const bannersOf = (indexConfig: IndexConfig = buildConfig) => firstBannersOf(indexConfig);

/** index.html's text as the build writes it (but the boot module, run apart, and the bundle's loader). */
export function builtHtml(): string {
  const html = readFileSync('index.html', 'utf8')
    .replace('<!--first-paint:login-hint-->', () => skeletonLoginHint(templates.loginHint))
    .replaceAll('%VITE_APP_TITLE%', () => env.appTitle);
  return compactHtml(html);
}

/** index.html as the build writes it. */
export function builtPage(): Document {
  return new DOMParser().parseFromString(builtHtml(), 'text/html');
}

export interface BootOptions {
  /** No stored customer and no token cookie. */
  guest?: boolean;
  indexConfig?: IndexConfig;
  /** The stored customer's `userInfo`. */
  userInfo?: object;
  /** What every early call answers, as JSON; without it, calls never answer. */
  answer?: unknown;
}

/** Runs index.html's boot on `url` (a customer unless `guest`), as the browser would parse it. */
export function bootPage(
  url: string,
  { guest = false, indexConfig = buildConfig, userInfo = { mobilePhone: '13800138000' }, answer }: BootOptions = {},
): void {
  const page = builtPage();
  if (!guest) {
    localStorage.setItem('user', JSON.stringify({ state: { userInfo } }));
    document.cookie = 'token=t; path=/';
  } else {
    localStorage.removeItem('user');
    document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  }
  vi.stubGlobal('fetch', () =>
    answer === undefined
      ? new Promise(() => undefined)
      : Promise.resolve({ ok: true, headers: new Headers(), json: () => Promise.resolve(answer) }),
  );
  window.history.replaceState(null, '', url);
  document.body.innerHTML = page.querySelector('#root')!.outerHTML;
  // The one boot module (build/vite-plugins/boot-scripts.ts compiles it; tests/build checks what it writes).
  expect(page.querySelectorAll('head script:not([src])')).toHaveLength(1);
  boot({ banners: bannersOf(indexConfig), templates });
  for (const script of page.querySelectorAll('#root script')) new Function(script.textContent!)();
}

/**
 * An element tree as a reader and the layout see it: tags, classes, aria attributes and texts, in
 * order. Attributes that point at ids (aria-describedby, aria-controls, aria-labelledby) are left
 * out: the page's copy is hidden from assistive technology as a whole and has no ids.
 */
export function structure(element: Element): unknown {
  const aria = [...element.attributes]
    .filter(({ name }) => name.startsWith('aria-') && !/^aria-(describedby|controls|labelledby)$/.test(name))
    .map(({ name, value }) => `${name}=${value}`)
    .sort();
  // Adjacent text nodes read as one (React writes `有效期 {text}` as two).
  const children: unknown[] = [];
  let text = '';
  const endText = () => {
    if (text.trim()) children.push(text.replace(/\s+/g, ' ').trim());
    text = '';
  };
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
    else if (child.nodeType === Node.ELEMENT_NODE) {
      endText();
      children.push(structure(child as Element));
    }
  }
  endText();
  return [element.tagName.toLowerCase(), element.getAttribute('class') ?? '', aria, children];
}
