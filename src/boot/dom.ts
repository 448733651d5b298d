/**
 * The boot modules' DOM helpers (decision 0057): they run before the app, inlined into
 * index.html, so they import nothing heavy. Texts are set as text, never as HTML.
 */

/** An element with `className`, `text` as its text and `attributes` (aria-*) set. */
export function element(
  tag: string,
  className = '',
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  return e;
}

/**
 * The frame a drawn screen replaces the boot skeleton with: the app's own classes, hidden from
 * assistive technology and busy until the app renders the screen in its place.
 */
export function bootFrame(className: string): HTMLElement {
  return element('div', `boot ${className}`, undefined, { 'aria-busy': 'true', 'aria-hidden': 'true' });
}

/**
 * components/skeleton.tsx's loading rows: `rows` rows of `rowHeight` px (at 375 px wide), each
 * with its two lines, busy and labelled as the component labels them.
 */
export function skeleton(rows: number, rowHeight: number): HTMLElement {
  const s = element('div', 'skeleton', undefined, { 'aria-busy': 'true', 'aria-label': '加载中' });
  for (let i = 0; i < rows; i++) {
    const row = s.appendChild(element('div', 'skeleton__row'));
    row.style.height = `${rowHeight / 37.5}rem`;
    const lines = row.appendChild(element('span', 'skeleton__lines'));
    lines.appendChild(element('span', 'skeleton__line'));
    lines.appendChild(element('span', 'skeleton__line skeleton__line--short'));
  }
  return s;
}

/**
 * Runs `draw` once the drawn screen's stylesheet (the `<link data-drawn>` the build has the page
 * ask for, first-paint-from-html.ts) has loaded, at once when there is none or it already has.
 */
export function whenStyled(draw: () => void): void {
  const link = document.querySelector<HTMLLinkElement>('link[data-drawn]');
  if (!link || link.sheet) draw();
  else link.addEventListener('load', draw);
}
