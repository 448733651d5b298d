/**
 * Leaving the single-page app: full-page navigations and reloads. One small seam, so tests can
 * observe them (jsdom does not navigate).
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

export function reloadPage(): void {
  window.location.reload();
}
