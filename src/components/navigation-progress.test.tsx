import { act, render } from '@testing-library/react';
import { NavigationProgress } from './navigation-progress';
import { PageState } from './page-state';

/** docs/product.md §11.6: a slim bar at the top while a screen's chunk or first data takes longer than 300 ms. */
const ON = 'nav-progress--on';

function Shell({ chunk, loading }: { chunk: boolean; loading: boolean }) {
  return (
    <>
      <NavigationProgress active={chunk} />
      <PageState loading={loading}>
        <p>内容</p>
      </PageState>
    </>
  );
}

/** Mounts a screen waiting for its chunk or its first data: the bar, the clock, and the wait's two ends. */
function waitingFor(what: 'chunk' | 'data') {
  const { container, rerender } = render(<Shell chunk={what === 'chunk'} loading={what === 'data'} />);
  return {
    bar: () => container.querySelector('.nav-progress')!,
    advance: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
    arrived: () => rerender(<Shell chunk={false} loading={false} />),
    left: () => rerender(<NavigationProgress active={false} />),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the navigation progress bar', () => {
  it.each([
    ["a screen's chunk", 'chunk'],
    ["a screen's first data", 'data'],
  ] as const)('shows while %s takes longer than 300 ms, and goes when it has come', (_, what) => {
    const page = waitingFor(what);
    page.advance(299);
    expect(page.bar()).not.toHaveClass(ON);
    page.advance(1);
    expect(page.bar()).toHaveClass(ON);
    page.arrived();
    expect(page.bar()).not.toHaveClass(ON);
  });

  it('does not show for data that arrives within 300 ms', () => {
    const page = waitingFor('data');
    page.advance(200);
    page.arrived();
    page.advance(500);
    expect(page.bar()).not.toHaveClass(ON);
  });

  it('goes when the waiting screen goes', () => {
    const page = waitingFor('data');
    page.advance(300);
    expect(page.bar()).toHaveClass(ON);
    page.left();
    expect(page.bar()).not.toHaveClass(ON);
  });
});
