/**
 * The boot modules' DOM helpers (decision 0057): they run before the app, inlined into
 * index.html, so they import nothing heavy. Texts are set as text, never as HTML.
 */
import { fromTemplate } from './templates';

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
 * components/skeleton.tsx's loading rows: its one-row template (build/first-paint/templates.tsx)
 * with the row repeated to `rows`.
 */
export function skeleton(template: string, rows: number): HTMLElement {
  const s = fromTemplate(template);
  const row = s.firstElementChild!;
  for (let i = 1; i < rows; i++) s.appendChild(row.cloneNode(true));
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
