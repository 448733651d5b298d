import { whenSettled } from './when-settled';

/**
 * Deferred start-up work (decision 0003). jsdom has no navigation timing, so the page counts as
 * settled since long ago: only the idle step (or a tap) stands between the call and the task.
 */
describe('whenSettled', () => {
  let idle: (() => void) | undefined;
  const requestIdleCallback = vi.fn((callback: () => void) => {
    idle = callback;
    return 3;
  });
  const cancelIdleCallback = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    idle = undefined;
    Object.assign(window, { requestIdleCallback, cancelIdleCallback });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  it('runs the task at the idle moment it asks for once the page has settled, not before', () => {
    const task = vi.fn();
    whenSettled(task);
    vi.advanceTimersByTime(0);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(task).not.toHaveBeenCalled();
    idle?.();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task once, after the first tap has painted (not inside it), and gives the idle moment back', () => {
    const task = vi.fn();
    whenSettled(task);
    vi.advanceTimersByTime(0);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('pointerup'));
    // The tap's click handlers and its frame come first.
    expect(task).not.toHaveBeenCalled();
    // A frame, then a task.
    vi.advanceTimersByTime(20);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelIdleCallback).toHaveBeenCalledWith(3);
    idle?.();
    window.dispatchEvent(new Event('keyup'));
    vi.advanceTimersByTime(20);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task after a key press has painted too', () => {
    const task = vi.fn();
    whenSettled(task);
    vi.advanceTimersByTime(0);
    window.dispatchEvent(new Event('keyup'));
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const task = vi.fn();
    whenSettled(task)();
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new Event('pointerup'));
    vi.advanceTimersByTime(20);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(task).not.toHaveBeenCalled();
  });
});
