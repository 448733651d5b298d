import type { ComponentType } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { firstScreenLoadedNow, lazyScreen } from './lazy-screen';

const Screen: ComponentType = () => null;
const afterPaint = () => new Promise<void>((resolve) => afterNextPaint(resolve));

describe('a screen’s chunk', () => {
  it('starts loading at once for the first screen', async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const loaded = lazyScreen(load)();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await loaded).Component).toBe(Screen);
  });

  it('starts loading after the tap’s frame once the first screen has loaded', async () => {
    firstScreenLoadedNow();
    const load = vi.fn(async () => ({ default: Screen }));
    const loaded = lazyScreen(load)();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await afterPaint();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await loaded).Component).toBe(Screen);
  });

  it('starts loading at once in a hidden page, which draws no frame to wait for', async () => {
    firstScreenLoadedNow();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const load = vi.fn(async () => ({ default: Screen }));
    const loaded = lazyScreen(load)();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await loaded).Component).toBe(Screen);
    visibility.mockRestore();
  });
});
