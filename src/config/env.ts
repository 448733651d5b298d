/**
 * The portal's settings, read once from Vite's env and checked at start-up (docs/style.md §14):
 * a missing variable fails fast with the list of what is missing.
 */
const required = [
  'VITE_APP_TITLE',
  'VITE_GATEWAY_BASE',
  'VITE_LOGIN_GATEWAY',
  'VITE_SOURCE',
  'VITE_SOURCE_MN',
  'VITE_RUM_SAMPLE_RATE',
] as const;

const raw = import.meta.env;
const missing = required.filter((key) => !raw[key]);
if (missing.length > 0) {
  throw new Error(`Missing environment variables: ${missing.join(', ')}`);
}

/** A share of page loads: a decimal from 0 to 1 ('0.1', '1'), nothing else. */
const rumSampleRate = Number(raw.VITE_RUM_SAMPLE_RATE);
if (!/^(?:0(?:\.\d+)?|1(?:\.0+)?)$/.test(String(raw.VITE_RUM_SAMPLE_RATE))) {
  throw new Error(`VITE_RUM_SAMPLE_RATE must be a number from 0 to 1, not "${raw.VITE_RUM_SAMPLE_RATE}"`);
}

export const env = {
  /** The platform name: the page title alone, or after "title - " (docs/product.md §1). */
  appTitle: raw.VITE_APP_TITLE as string,
  /** docs/product.md §9: '/api' in development, '' in production. */
  apiPrefix: (raw.VITE_API_PREFIX ?? '') as string,
  /** docs/product.md §9: the production gateway base, prefix A. */
  gatewayBase: raw.VITE_GATEWAY_BASE as string,
  /** The company login gateway (docs/product.md §4.2). */
  loginGateway: raw.VITE_LOGIN_GATEWAY as string,
  source: raw.VITE_SOURCE as string,
  sourceMn: raw.VITE_SOURCE_MN as string,
  /** The share of page loads whose web-vitals are measured and reported (decision 0062). */
  rumSampleRate,
  /** npm run dev:mock: msw in the browser instead of a server. */
  mock: raw.VITE_MOCK === '1',
} as const;
