/**
 * A module the message centre loads after its first paint (decision 0039): asked for once,
 * remembered for every later mount (which then renders it at once), asked again after a failure.
 */
export interface OnDemand<T> {
  /** The module, once loaded. */
  loaded: () => T | undefined;
  load: () => Promise<T>;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    loaded: () => module,
    load: () =>
      (pending ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
}
