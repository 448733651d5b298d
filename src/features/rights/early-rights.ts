import { earlyAnswer } from '@/lib/early-answer';

const early = earlyAnswer(
  () => window.__early?.rights,
  () => {
    delete window.__early?.rights;
  },
);

export const arrivedRights = early.arrived;
export const pendingRights = early.pending;
export const forgetEarlyRights = (): void => {
  early.forget();
};
