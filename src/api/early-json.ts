import type { EarlyFiles } from '@/boot/globals';

/**
 * The home's two static files (`EarlyFiles`, typed with the other boot globals in boot/globals.ts),
 * kept apart from the other endpoint modules so the first screen does not wait for the request
 * client (decision 0003). index.html starts fetching them before any of our modules loads (right
 * after the first paint, decision 0031); the first reader takes that response. Later readers, or
 * a failed early fetch, go through the client (and its docs/product.md §8 policy); the browser's cache
 * serves them again cheaply.
 */

async function viaClient<K extends keyof EarlyFiles>(name: K): Promise<EarlyFiles[K]> {
  const { getStaticJson } = await import('./client');
  return getStaticJson<EarlyFiles[K]>(name);
}

/** A home has taken the early files (or left them): later homes read through the client. */
let taken = false;

/**
 * Whether index.html fetches the home's files for the landing home and none has taken them
 * yet: no route loader runs meanwhile (decision 0036).
 */
export const earlyPending = () => !taken && Boolean(window.__early?.date ?? window.__early?.arrived);

/** As at page load (between tests). */
export function earlyReset(): void {
  taken = false;
}

async function take<K extends keyof EarlyFiles>(name: K): Promise<EarlyFiles[K]> {
  taken = true;
  const early = window.__early?.files?.[name];
  delete window.__early?.files?.[name];
  delete window.__early?.arrived?.[name];
  const value = early ? ((await early) as EarlyFiles[K] | null) : null;
  // The boot module keeps the value as it arrives, which may be after this took it: taken is taken.
  delete window.__early?.arrived?.[name];
  return value ?? viaClient(name);
}

export const getIndexConfig = () => take('indexConfig');
export const getServiceCatalog = () => take('serviceCatalog');

/**
 * Both files, when index.html's early fetches have already answered (decision 0031): the home's
 * first render then shows its banners and grid at once, with no skeleton in between. Reading
 * does not take them (a render may run twice); `forgetArrived` does, once the home has shown.
 */
export function arrivedEarly(): EarlyFiles | undefined {
  const arrived = window.__early?.arrived;
  if (!arrived?.indexConfig || !arrived.serviceCatalog) return undefined;
  return { indexConfig: arrived.indexConfig, serviceCatalog: arrived.serviceCatalog };
}

/** Later homes read the files through the client, as after `take`. */
export function forgetArrived(): void {
  taken = true;
  delete window.__early?.arrived;
  delete window.__early?.files;
}
