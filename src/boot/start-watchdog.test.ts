import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_GRACE_MS,
  installStartWatchdog,
  STALLED_AFTER_LOAD_MS,
  WATCHDOG_TEXT,
  type WatchdogHost,
} from './start-watchdog';

/** A window of its own per test (its events and a document): the listeners never outlive it. */
const newHost = (): WatchdogHost =>
  Object.assign(new EventTarget(), { document: document.implementation.createHTMLDocument('') });

let win: WatchdogHost;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.useFakeTimers();
  win = newHost();
  reload = vi.fn<() => void>();
  installStartWatchdog(win, reload);
});

afterEach(() => {
  vi.useRealTimers();
});

const message = () => win.document.querySelector('[role="alert"]');

/** An error, as a script error reaches the window. */
function scriptError(): void {
  win.dispatchEvent(new Event('error'));
}

describe('start watchdog', () => {
  it('shows the message in Chinese with a retry when a script fails before the start', () => {
    win.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(ERROR_GRACE_MS - 1);
    expect(message()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(message()?.textContent).toContain(WATCHDOG_TEXT.title);
    const retry = [...win.document.querySelectorAll('button')].find((b) => b.textContent === '重新加载');
    expect(retry).toBeDefined();
    retry!.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('hears an entry chunk that failed to load (an element error, which does not bubble)', () => {
    // The page's own window, whose document the element is in: only a capturing listener hears it.
    const remove = installStartWatchdog(window, reload);
    try {
      const script = document.head.appendChild(document.createElement('script'));
      script.dispatchEvent(new Event('error', { bubbles: false }));
      vi.advanceTimersByTime(ERROR_GRACE_MS);
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(WATCHDOG_TEXT.retry);
      script.remove();
    } finally {
      window.__appStarted?.();
      delete window.__appStarted;
      remove();
    }
  });

  it('hears a start that rejected (an unhandled promise)', () => {
    win.dispatchEvent(new Event('unhandledrejection'));
    vi.advanceTimersByTime(ERROR_GRACE_MS);
    expect(message()).not.toBeNull();
  });

  it('stays quiet once the app has started', () => {
    win.__appStarted!();
    win.dispatchEvent(new Event('error'));
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(STALLED_AFTER_LOAD_MS * 2);
    expect(message()).toBeNull();
  });

  it('stands down when the app starts within the grace (a chunk retried)', () => {
    scriptError();
    vi.advanceTimersByTime(ERROR_GRACE_MS - 1);
    win.__appStarted!();
    vi.advanceTimersByTime(ERROR_GRACE_MS);
    expect(message()).toBeNull();
  });

  it('takes the message away when the app starts after all', () => {
    scriptError();
    vi.advanceTimersByTime(ERROR_GRACE_MS);
    expect(message()).not.toBeNull();
    win.__appStarted!();
    expect(message()).toBeNull();
  });

  it('shows the message when everything loaded without an error and the app never started', () => {
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(STALLED_AFTER_LOAD_MS - 1);
    expect(message()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(message()).not.toBeNull();
  });

  it('an error after the load cuts the stall wait to the grace, and shows one message', () => {
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1000);
    win.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(ERROR_GRACE_MS);
    expect(message()).not.toBeNull();
    win.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(STALLED_AFTER_LOAD_MS);
    expect(win.document.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('waits for the body when it fails before the body is parsed', () => {
    const earlyWin = newHost();
    earlyWin.document.body.remove();
    installStartWatchdog(earlyWin, reload);
    earlyWin.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(ERROR_GRACE_MS);
    expect(earlyWin.document.querySelector('[role="alert"]')).toBeNull();
    earlyWin.document.documentElement.appendChild(earlyWin.document.createElement('body'));
    earlyWin.document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(earlyWin.document.querySelector('[role="alert"]')).not.toBeNull();
  });
});
