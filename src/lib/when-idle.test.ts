import { whenIdle } from './when-idle';

/** The one idle step: deferred start-up work (decision 0003) and the message centre's popup (0039). */
describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  it('asks the browser for an idle moment at most 2 s away, and cancels it', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    Object.assign(window, { requestIdleCallback, cancelIdleCallback });
    const task = vi.fn();
    const cancel = whenIdle(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 2000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    expect(task).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback (Safari, WeChat on iOS), runs the task 50 ms later, unless cancelled', () => {
    // Only the timers: Vitest's fake clock would otherwise bring a requestIdleCallback of its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect('requestIdleCallback' in window).toBe(false);
    const task = vi.fn();
    const cancelled = vi.fn();
    whenIdle(task);
    whenIdle(cancelled)();
    vi.advanceTimersByTime(49);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
