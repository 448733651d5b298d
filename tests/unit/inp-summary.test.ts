import { summarize } from '../e2e/inp';

/** The e2e run's tap figures (decision 0031): fast taps count, so one slow tap in many is not the p98. */
describe('summarize', () => {
  it('counts the taps Event Timing did not report (under 16 ms) as fast', () => {
    const text = summarize([
      { count: 60, slow: [{ path: '/mine', target: 'button', ms: 180 }] },
      { count: 40, slow: [{ path: '/message', target: 'a.notice-item', ms: 40 }] },
    ]);
    expect(text).toContain('100 taps, 2 of 16 ms or more: p50 < 16 ms, p98 < 16 ms, max 180 ms');
    expect(text.indexOf('180 ms  /mine')).toBeLessThan(text.indexOf('40 ms  /message'));
  });

  it('gives the p98 from the slow end when taps are slow', () => {
    const slow = Array.from({ length: 50 }, (_, i) => ({ path: '/index', target: 'a', ms: i + 20 }));
    expect(summarize([{ count: 50, slow }])).toContain('50 taps, 50 of 16 ms or more: p50 44 ms, p98 68 ms, max 69 ms');
  });

  it("names what held a slow tap's frames under it", () => {
    const why = 'frame +2 ms, 140 ms, render at +120 ms: 110 ms event-listener BUTTON.onclick agree@index-abc.js';
    const text = summarize([
      {
        count: 3,
        slow: [
          { path: '/index', target: 'button', ms: 150, why },
          { path: '/mine', target: 'a', ms: 30 },
        ],
      },
    ]);
    expect(text).toContain(`150 ms  /index  button\n              ${why}\n`);
    expect(text.endsWith('30 ms  /mine  a')).toBe(true);
  });

  it('names the test file a slow tap happened in', () => {
    const text = summarize([
      { count: 2, slow: [{ path: '/message', target: 'li', ms: 120, file: 'messages.e2e.ts' }] },
    ]);
    expect(text).toContain('120 ms  /message  li  (messages.e2e.ts)');
  });

  it('says when nothing was recorded', () => {
    expect(summarize([])).toBe('INP: no taps recorded');
  });
});
