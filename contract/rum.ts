/**
 * Real-user monitoring (decision 0062): what the portal reports through B/md/sendMq and the
 * gateway turns into metrics. Names and bounds only: the zod schemas are in schemas.ts.
 */

/** The event codes of the two RUM events. */
export const RumEvent = { vital: 'rum_vital', error: 'rum_error' } as const;

/** The web-vitals the portal reports: times in milliseconds, CLS unitless. */
export const RUM_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type RumVital = (typeof RUM_VITALS)[number];

/**
 * What failed on a customer's phone: an uncaught error, an unhandled rejection, a chunk that
 * did not load, a call with no answer within its time, a call with no answer at all.
 */
export const RUM_ERROR_KINDS = ['error', 'rejection', 'chunk', 'timeout', 'network'] as const;
export type RumErrorKind = (typeof RUM_ERROR_KINDS)[number];

/** The largest value accepted: a time of 10 minutes, a CLS of 100; anything above is not a measurement. */
export const RUM_MAX_MS = 600_000;
export const RUM_MAX_CLS = 100;

/** The label of a route that is not a row of the route table (the not-found screen, a forged path). */
export const OTHER_ROUTE = '(other)';

/**
 * The portal's route patterns: the paths of src/app/routes.ts, in its order (its test keeps them
 * equal). The gateway labels RUM metrics only with these, so the label set stays bounded.
 */
export const ROUTE_PATTERNS = [
  '/index',
  '/indexNew',
  '/mine',
  '/mineNew',
  '/login',
  '/login1',
  '/login2',
  '/loginMn',
  '/transferPage',
  '/transferPage1',
  '/transferPageMn',
  '/evaluate',
  '/servInform',
  '/servInform1',
  '/servInform/look',
  '/servWriteOff',
  '/message',
  '/rights',
  '/servList',
  '/index/servMore',
  '/noRights',
  '/noRights/ebtNoRights',
  '/noRights/rybNoRights',
  '/statusOne',
  '/statusTwo',
  '/statusThree',
  '/agreement',
  '/userNotice',
  '/my/info',
  '/share',
  '/share1',
  '/loginShare',
  '/loginShareMn',
  '/my/share',
  '/my/shareNew',
  '/portal/agreement/user/:version',
  '/portal/agreement/thirdPartyList/:version',
  '/privacyPolicy',
  '/agreement/user/znjkpc',
  '/agreement/user/tjbgjd',
  '/agreement/user/znjkzz',
] as const;

const known: ReadonlySet<string> = new Set(ROUTE_PATTERNS);

/** `route` when it is a row of the route table, else `(other)`. */
export const routeLabel = (route: string): string => (known.has(route) ? route : OTHER_ROUTE);
