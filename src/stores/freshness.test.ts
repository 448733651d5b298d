import { freshnessReset, invalidate, useFreshnessStore } from './freshness';

describe('freshness store (decision 0012)', () => {
  it('moves only the topics that changed, once per call', () => {
    expect(useFreshnessStore.getState().versions).toEqual({ rights: 0, consumptions: 0 });
    invalidate('rights');
    expect(useFreshnessStore.getState().versions).toEqual({ rights: 1, consumptions: 0 });
    invalidate('rights', 'consumptions');
    expect(useFreshnessStore.getState().versions).toEqual({ rights: 2, consumptions: 1 });
  });

  it('gives a new versions object, so readers see the change', () => {
    const before = useFreshnessStore.getState().versions;
    invalidate('consumptions');
    expect(useFreshnessStore.getState().versions).not.toBe(before);
    expect(before).toEqual({ rights: 0, consumptions: 0 });
  });

  it('starts again from zero on reset', () => {
    invalidate('rights', 'consumptions');
    freshnessReset();
    expect(useFreshnessStore.getState().versions).toEqual({ rights: 0, consumptions: 0 });
  });
});
