/**
 * The start watchdog (decision 0058): if the app cannot start (a script error, an API the
 * browser lacks, an entry chunk that failed to load), the customer sees a message with a way
 * to retry instead of the boot skeleton for ever. The build inlines it as the first script of
 * index.html (build/vite-plugins/start-watchdog.ts), so it imports nothing and is written for
 * browsers older than the floor too: on those the app's own code may not even parse.
 *
 * The app calls `window.__appStarted()` once its root layout has rendered; from then on the
 * watchdog stays quiet, and a message already shown is taken away (the app has recovered).
 */

/** An error before the start is shown after this long: the app may still recover (a chunk retried). */
export const ERROR_GRACE_MS = 1500;
/** With every script loaded and no error, a start that has not come after this long has failed. */
export const STALLED_AFTER_LOAD_MS = 10000;

export const WATCHDOG_TEXT = {
  title: '页面加载失败',
  detail: '请检查网络后重新加载。如仍无法打开，请将微信和手机系统更新到最新版本后再试。',
  retry: '重新加载',
};

const PANEL_ID = 'start-watchdog';

/** What the watchdog needs of the window: its events, its document and the start signal. */
export interface WatchdogHost extends EventTarget {
  document: Document;
  __appStarted?: () => void;
}

/**
 * Installs the watchdog on `win`; `reload` is what 重新加载 does (the page's own reload).
 * Returns its removal (for tests: the page itself keeps it until it unloads).
 */
export function installStartWatchdog(win: WatchdogHost, reload: () => void = () => location.reload()): () => void {
  const doc = win.document;
  let started = false;
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = Infinity;

  /** Shows the message in `delay` ms, unless it is due sooner already (an error cuts the stall's wait). */
  function showSoon(delay: number): void {
    if (started || shown || Date.now() + delay >= due) return;
    if (timer !== undefined) clearTimeout(timer);
    due = Date.now() + delay;
    timer = setTimeout(show, delay);
  }

  function show(): void {
    timer = undefined;
    due = Infinity;
    if (started || shown) return;
    if (!doc.body) {
      doc.addEventListener('DOMContentLoaded', show);
      return;
    }
    shown = true;
    doc.body.appendChild(panel());
  }

  function panel(): HTMLElement {
    const box = doc.createElement('div');
    box.id = PANEL_ID;
    box.setAttribute('role', 'alert');
    box.style.cssText =
      'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;display:flex;flex-direction:column;' +
      'align-items:center;justify-content:center;padding:24px;box-sizing:border-box;background:#f5f7fb;' +
      'color:#1f2633;text-align:center;font-size:16px;line-height:1.5';
    const title = box.appendChild(doc.createElement('p'));
    title.style.cssText = 'margin:0 0 8px;font-size:18px;font-weight:600';
    title.textContent = WATCHDOG_TEXT.title;
    const detail = box.appendChild(doc.createElement('p'));
    detail.style.cssText = 'margin:0 0 24px;color:#5c6573;font-size:14px';
    detail.textContent = WATCHDOG_TEXT.detail;
    const retry = box.appendChild(doc.createElement('button'));
    retry.type = 'button';
    retry.style.cssText =
      'min-width:160px;min-height:44px;padding:0 24px;border:0;border-radius:22px;background:#2560eb;' +
      'color:#fff;font-size:16px';
    retry.textContent = WATCHDOG_TEXT.retry;
    retry.addEventListener('click', () => reload());
    return box;
  }

  const failed = () => showSoon(ERROR_GRACE_MS);
  const loaded = () => showSoon(STALLED_AFTER_LOAD_MS);
  // Capturing: a <script> or <link> that failed to load reports on itself only, not to window.
  win.addEventListener('error', failed, true);
  win.addEventListener('unhandledrejection', failed);
  win.addEventListener('load', loaded);

  win.__appStarted = () => {
    started = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const box = doc.getElementById(PANEL_ID);
    if (box && box.parentNode) box.parentNode.removeChild(box);
  };

  return () => {
    win.removeEventListener('error', failed, true);
    win.removeEventListener('unhandledrejection', failed);
    win.removeEventListener('load', loaded);
    if (timer !== undefined) clearTimeout(timer);
  };
}
