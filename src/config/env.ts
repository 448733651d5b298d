/**
 * The portal's settings, read once from Vite's env and checked at start-up (STYLE §14):
 * a missing variable fails fast with the list of what is missing.
 */
const required = [
  'VITE_APP_TITLE',
  'VITE_GATEWAY_BASE',
  'VITE_LOGIN_GATEWAY',
  'VITE_SOURCE',
  'VITE_SOURCE_MN',
] as const;

const raw = import.meta.env;
const missing = required.filter((key) => !raw[key]);
if (missing.length > 0) {
  throw new Error(`Missing environment variables: ${missing.join(', ')}`);
}

export const env = {
  /** The platform name: the page title alone, or after "title - " (SPEC §1). */
  appTitle: raw.VITE_APP_TITLE as string,
  /** SPEC §9: '/api' in development, '' in production. */
  apiPrefix: (raw.VITE_API_PREFIX ?? '') as string,
  /** SPEC §9: the production gateway base, prefix A. */
  gatewayBase: raw.VITE_GATEWAY_BASE as string,
  /** The company login gateway (DESIGN §4). */
  loginGateway: raw.VITE_LOGIN_GATEWAY as string,
  source: raw.VITE_SOURCE as string,
  sourceMn: raw.VITE_SOURCE_MN as string,
  /** npm run dev:mock: msw in the browser instead of a server. */
  mock: raw.VITE_MOCK === '1',
} as const;
