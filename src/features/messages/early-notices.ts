import { earlyAnswer } from '@/lib/early-answer';

const early = earlyAnswer(
  () => window.__early?.notices,
  () => {
    delete window.__early?.notices;
  },
);

/** The early page, if it has arrived for this customer: the screen's first render shows it. */
export const arrivedNotices = early.arrived;

/** The early call, while it is on its way for this customer: the route's loader waits for it. */
export const pendingNotices = early.pending;

/** Once the screen has shown: a later one (another visit, another customer) asks the gateway. */
export const forgetEarlyNotices = (): void => {
  early.forget();
};
