/**
 * Colour contrast (WCAG AA): every colour our stylesheets use for text on white —
 * each theme's primary (buttons carry white text on it), the greys, danger and success — reaches
 * 4.5:1 against white. Read from the CSS sources, so a new low-contrast theme colour fails here.
 * Text drawn in one of those colours but faded (opacity) is checked as drawn, in `FADED_TEXT`,
 * and the stand-in SSO page's own stylesheet is checked text by text, in `SSO_TEXT`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SSO_CSS } from '../../gateway/src/routes/sso-assets';

const TEXT_VARIABLES = [
  '--app-color-primary',
  '--app-color-text',
  '--app-color-text-2',
  '--app-color-text-3',
  '--app-color-danger',
  '--app-color-success',
  '--app-teal',
  '--app-teal-muted',
];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Every `--name: #rrggbb` declaration of a text colour, with where it is. */
function textColourDeclarations(): { where: string; name: string; value: string }[] {
  const found: { where: string; name: string; value: string }[] = [];
  for (const file of cssFiles('src')) {
    const css = readFileSync(file, 'utf8');
    for (const match of css.matchAll(/(--[a-z0-9-]+):\s*(#[0-9a-fA-F]{6})\b/g)) {
      if (TEXT_VARIABLES.includes(match[1])) found.push({ where: file, name: match[1], value: match[2] });
    }
  }
  return found;
}

/** The default theme's `--name: value` declarations (the first `:root:root { … }` of global.css). */
function defaultTheme(): Map<string, string> {
  const css = readFileSync(join('src', 'styles', 'global.css'), 'utf8');
  const block = (/:root:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map([...block.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

/** A variable of the default theme as `#rrggbb`, following `var(--x)` references. */
function themeColour(theme: Map<string, string>, name: string): string | undefined {
  let value = theme.get(name);
  for (let hops = 0; value && hops < 5; hops++) {
    if (/^#[0-9a-f]{6}$/i.test(value)) return value;
    value = theme.get(/^var\((--[a-z0-9-]+)\)$/.exec(value)?.[1] ?? '');
  }
  return undefined;
}

/** The declarations of the rule whose selector is exactly `selector` (`{}` when there is none). */
function declarations(css: string, selector: string): Map<string, string> {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of plain.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (match[1].split(',').some((s) => s.trim() === selector)) {
      return new Map([...match[2].matchAll(/([a-z-]+):\s*([^;]+)(?:;|$)/g)].map((m) => [m[1], m[2].trim()]));
    }
  }
  return new Map();
}

/** `colour` drawn at `alpha` over `background`, as the eye gets it. */
function blend(colour: string, alpha: number, background: string): string {
  return (
    '#' +
    [1, 3, 5]
      .map((i) => {
        const [c, b] = [colour, background].map((hex) => parseInt(hex.slice(i, i + 2), 16));
        return Math.round(c * alpha + b * (1 - alpha))
          .toString(16)
          .padStart(2, '0');
      })
      .join('')
  );
}

/**
 * Small text whose colour comes from a parent and may be faded with opacity: each state lists
 * the element's rules and its parent's in cascade order (later wins), and what it sits on.
 */
const FADED_TEXT = [
  {
    what: '/rights tab count, inactive tab',
    file: 'src/features/rights/rights.css',
    rules: ['.rights__tab-count'],
    parentRules: ['.rights__tab'],
    background: '#ffffff',
  },
  {
    what: '/rights tab count, selected tab',
    file: 'src/features/rights/rights.css',
    rules: ['.rights__tab-count', ".rights__tab[aria-selected='true'] .rights__tab-count"],
    parentRules: ['.rights__tab', ".rights__tab[aria-selected='true']"],
    background: '#ffffff',
  },
];

/** `#rgb` as `#rrggbb`. */
const longHex = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);

/**
 * The SSO page's text (`gateway/src/routes/sso-assets.ts`) and the rule whose background it
 * sits on. A disabled 获取验证码 is left out: WCAG asks no contrast of an inactive control.
 */
const SSO_TEXT: [text: string, on: string][] = [
  ['body', 'body'],
  ['.footer', 'body'],
  ['.error-page p', 'body'],
  ['.field label', '.card'],
  ['.send', '.card'],
  ['.msg', '.card'],
  ['.msg--ok', '.card'],
  ['.demo', '.demo'],
  ['.primary', '.primary'],
  ['.agree', '.card'],
  ['.agree a', '.card'],
  ['.other', '.card'],
  ['.wx', '.wx'],
  ['.hint', '.card'],
];

describe('colour contrast', () => {
  it('computes WCAG ratios (white on black is 21:1)', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#13a8a8', '#ffffff')).toBeLessThan(4.5);
  });

  it('finds the theme colours of every theme', () => {
    const names = textColourDeclarations().map((d) => d.name);
    expect(names.filter((n) => n === '--app-color-primary').length).toBeGreaterThanOrEqual(3);
    expect(names).toContain('--app-teal');
  });

  // antd-mobile's weak text (InfiniteScroll's 加载中 / 没有更多了 on /message and /rights'
  // records, list descriptions) is #999 by default, 2.65:1 on our page background: Lighthouse
  // failed those two screens on it. It is themed through its variable (docs/style.md §10).
  it("themes antd-mobile's weak text with a grey that reaches 4.5:1 on the page and on cards", () => {
    const theme = defaultTheme();
    const [weak, page, card] = ['--adm-color-weak', '--app-color-bg', '--app-color-card'].map((n) =>
      themeColour(theme, n),
    );
    expect(contrast('#999999', page!)).toBeLessThan(4.5);
    expect(weak).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(weak!, page!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(weak!, card!)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every text colour at least 4.5:1 on white', () => {
    const failing = textColourDeclarations()
      .map((d) => ({ ...d, ratio: Number(contrast(d.value, '#ffffff').toFixed(2)) }))
      .filter((d) => d.ratio < 4.5);
    expect(failing).toEqual([]);
  });

  // An opacity of 0.75 took the tab counts to 3.4:1 although their colours pass on their own.
  it.each(FADED_TEXT)('draws the $what at 4.5:1 or more, opacity included', (t) => {
    const css = readFileSync(t.file, 'utf8');
    const theme = defaultTheme();
    const last = (rules: string[], property: string) =>
      rules.map((r) => declarations(css, r).get(property)).reduce((found, v) => v ?? found, undefined);
    const value = last(t.rules, 'color') ?? last(t.parentRules, 'color');
    const reference = /^var\((--[a-z0-9-]+)\)$/.exec(value ?? '')?.[1];
    const colour = reference ? themeColour(theme, reference) : value;
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    const opacity = Number(last(t.rules, 'opacity') ?? 1);
    expect(Number(contrast(blend(colour!, opacity, t.background), t.background).toFixed(2))).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it.each(SSO_TEXT)("draws the SSO page's %s text at 4.5:1 or more on %s", (text, on) => {
    const colour = declarations(SSO_CSS, text).get('color');
    const background = declarations(SSO_CSS, on).get('background');
    expect(colour).toMatch(/^#[0-9a-f]{3,6}$/i);
    expect(background).toMatch(/^#[0-9a-f]{3,6}$/i);
    expect(Number(contrast(longHex(colour!), longHex(background!)).toFixed(2))).toBeGreaterThanOrEqual(4.5);
  });
});
