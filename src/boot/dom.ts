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
