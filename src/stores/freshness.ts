import { create } from 'zustand';

/**
 * Server data that one screen changes and other, kept-alive screens show (decision 0012):
 * a write-off moves a right's remaining times and adds a record; an evaluation moves a record
 * from 待评价 to 已评价. The screen that changed it calls `invalidate`; a kept screen reading
 * that topic (useRequest's `refreshOn`) reloads quietly the next time it is shown.
 */
export type Topic = 'rights' | 'consumptions';

interface FreshnessState {
  versions: Record<Topic, number>;
}

export const useFreshnessStore = create<FreshnessState>()(() => ({ versions: { rights: 0, consumptions: 0 } }));

/** What was just changed on the server: every screen showing it reloads when next shown. */
export function invalidate(...topics: Topic[]): void {
  useFreshnessStore.setState(({ versions }) => {
    const next = { ...versions };
    for (const topic of topics) next[topic] += 1;
    return { versions: next };
  });
}

/** Back to a clean start (tests). */
export function freshnessReset(): void {
  useFreshnessStore.setState({ versions: { rights: 0, consumptions: 0 } });
}
