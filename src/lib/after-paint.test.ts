/** The first-content gate (decision 0031): tasks wait for the first screen's content, with a fallback. */
describe('afterFirstContent', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('arms no timer at start-up, only when a task waits', async () => {
    await import('./after-paint');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs a waiting task once the content has painted', async () => {
    const { afterFirstContent, firstContentShown } = await import('./after-paint');
    const task = vi.fn();
    afterFirstContent(task);
    firstContentShown();
    expect(task).not.toHaveBeenCalled();
    // A frame, then a task.
    await vi.advanceTimersByTimeAsync(20);
    expect(task).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    afterFirstContent(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('runs a waiting task at the fallback when no content shows, and not a cancelled one', async () => {
    const { afterFirstContent } = await import('./after-paint');
    const task = vi.fn();
    const cancelled = vi.fn();
    afterFirstContent(task);
    afterFirstContent(cancelled)();
    await vi.advanceTimersByTimeAsync(1499);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
