import { type EarlyAnswer, earlyAnswer } from '@/lib/early-answer';
import type { Right } from '@contract/types';

declare global {
  interface Window {
    /** /rights's list as index.html asked for it (decision 0050): only a non-empty list of rights. */
    __earlyRights?: EarlyAnswer<Right[]>;
  }
}

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
