import type { Notice, Page } from '@contract/types';

/**
 * /message's first page as index.html asked for it while the HTML was parsed (decision 0040):
 * whose token the call carried, the call, and the page once it has arrived (only a page of
 * notices; anything else is null, and the screen asks the gateway itself).
 */
interface EarlyNotices {
  token: string;
  page: Promise<Page<Notice> | null>;
  arrived?: Page<Notice>;
}

declare global {
  interface Window {
    __earlyNotices?: EarlyNotices;
  }
}

const forToken = (token: string) => {
  const early = window.__earlyNotices;
  return early?.token === token ? early : undefined;
};

/** The early page, if it has arrived for this customer: the screen's first render shows it. */
export const arrivedNotices = (token: string): Page<Notice> | undefined => forToken(token)?.arrived;

/** The early call, while it is on its way for this customer: the route's loader waits for it. */
export function pendingNotices(token: string): Promise<Page<Notice> | null> | undefined {
  const early = forToken(token);
  return early && !early.arrived ? early.page : undefined;
}

/** Once the screen has shown: a later one (another visit, another customer) asks the gateway. */
export function forgetEarlyNotices(): void {
  delete window.__earlyNotices;
}
