/**
 * A screen's first answer as index.html asked for it while the HTML was parsed (decisions 0040,
 * 0050): whose token the call carried, the call, and the answer once it has arrived. An answer
 * that is not what the screen reads is null: the screen then asks the gateway itself.
 */
export interface EarlyAnswer<T> {
  token: string;
  page: Promise<T | null>;
  arrived?: T;
}

/** Readers of the early answer index.html keeps in `slot`, for the customer whose token it carried. */
export function earlyAnswer<T>(slot: () => EarlyAnswer<T> | undefined, forget: () => void) {
  const forToken = (token: string) => {
    const early = slot();
    return early?.token === token ? early : undefined;
  };
  return {
    /** The answer, if it has arrived for this customer: the screen's first render shows it. */
    arrived: (token: string): T | undefined => forToken(token)?.arrived,
    /** The call, while it is on its way for this customer: the route's loader waits for it. */
    pending(token: string): Promise<T | null> | undefined {
      const early = forToken(token);
      return early && !early.arrived ? early.page : undefined;
    },
    /** Once the screen has shown: a later one (another visit, another customer) asks the gateway. */
    forget,
  };
}
