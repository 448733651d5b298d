import { applyRootFontSize, rootFontSize } from './rem';

describe('root font size (docs/product.md §9)', () => {
  it.each([
    [320, 32],
    [375, 37.5],
    [540, 54],
    [768, 54],
  ])('is %i / 10 capped at 540 → %fpx', (width, expected) => {
    expect(rootFontSize(width)).toBe(expected);
    Object.defineProperty(document.documentElement, 'clientWidth', { value: width, configurable: true });
    applyRootFontSize();
    expect(document.documentElement.style.fontSize).toBe(`${expected}px`);
  });
});
