import { TOAST_DURATION_MS } from '@/config/constants';
import { whenSettled } from './when-settled';

/**
 * antd-mobile's Toast, loaded on first use (decision 0003: it pulls in react-spring, so it stays off
 * the first screen). A toast asked for before its code has arrived still shows: the call waits
 * for the import. `preloadOverlays()` fetches it when the browser is idle after the home has
 * rendered and the page has settled, so the toast policy still works when the network drops later.
 */
// Deep like antd-react19's unstableSetRender, so both reach one copy of antd-mobile in the tests too
// (where 'antd-mobile' is its CommonJS build); top-level would save 0.1 KB brotli on the first screen.
type ToastModule = typeof import('antd-mobile/es/components/toast');

let toastModule: Promise<ToastModule> | undefined;

function loadToast(): Promise<ToastModule> {
  toastModule ??= import('./antd-react19').then(() => import('antd-mobile/es/components/toast'));
  return toastModule;
}

/** Shows a text toast for `duration` ms (docs/product.md §9: 2000 ms by default). */
export async function showToast(content: string, duration = TOAST_DURATION_MS): Promise<void> {
  const { default: Toast } = await loadToast();
  Toast.show({ content, duration });
}

let dialogPreload: Promise<unknown> | undefined;

/** Loads Toast (and Dialog) once the first screen has settled (or at the first tap). */
export function preloadOverlays(): void {
  whenSettled(() => {
    void loadToast();
    dialogPreload = import('./dialog').then(({ loadDialog }) => loadDialog());
  });
}

/**
 * Settles once the Toast and Dialog imports that have started are done (at once when none
 * has). The portal's tests wait for it before their environment goes (tests/setup.ts): a
 * toast asked for in a test's last moment, by a failed request, or a preload started then,
 * must not finish loading after its file has ended (EnvironmentTeardownError).
 */
export function overlaysSettled(): Promise<unknown> {
  return Promise.all([toastModule, dialogPreload].map((load) => load?.catch(() => undefined)));
}
