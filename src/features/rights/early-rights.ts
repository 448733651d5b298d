import { earlyAnswer } from '@/lib/early-answer';

const early = earlyAnswer(
  () => window.__earlyRights,
  () => {
    delete window.__earlyRights;
  },
);

export const arrivedRights = early.arrived;
export const pendingRights = early.pending;
export const forgetEarlyRights = (): void => {
  early.forget();
};
