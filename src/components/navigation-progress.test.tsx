import { act, render } from '@testing-library/react';
import { NavigationProgress } from './navigation-progress';
import { PageState } from './page-state';

/** DESIGN §7 "Feel": a slim bar at the top while a screen's chunk or first data takes longer than 300 ms. */
const bar = (container: HTMLElement) => container.querySelector('.nav-progress')!;

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

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the navigation progress bar', () => {
  it("shows while a screen's chunk takes longer than 300 ms", () => {
    const { container, rerender } = render(<Shell chunk loading={false} />);
    act(() => vi.advanceTimersByTime(299));
    expect(bar(container)).not.toHaveClass('nav-progress--on');
    act(() => vi.advanceTimersByTime(1));
    expect(bar(container)).toHaveClass('nav-progress--on');
    rerender(<Shell chunk={false} loading={false} />);
    expect(bar(container)).not.toHaveClass('nav-progress--on');
  });

  it("shows while a screen's first data takes longer than 300 ms, and goes when the data shows", () => {
    const { container, rerender } = render(<Shell chunk={false} loading />);
    act(() => vi.advanceTimersByTime(299));
    expect(bar(container)).not.toHaveClass('nav-progress--on');
    act(() => vi.advanceTimersByTime(1));
    expect(bar(container)).toHaveClass('nav-progress--on');
    rerender(<Shell chunk={false} loading={false} />);
    expect(bar(container)).not.toHaveClass('nav-progress--on');
  });

  it('does not show for data that arrives within 300 ms', () => {
    const { container, rerender } = render(<Shell chunk={false} loading />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<Shell chunk={false} loading={false} />);
    act(() => vi.advanceTimersByTime(500));
    expect(bar(container)).not.toHaveClass('nav-progress--on');
  });

  it('goes when the waiting screen goes', () => {
    const { container, rerender } = render(<Shell chunk={false} loading />);
    act(() => vi.advanceTimersByTime(300));
    expect(bar(container)).toHaveClass('nav-progress--on');
    rerender(<NavigationProgress active={false} />);
    expect(bar(container)).not.toHaveClass('nav-progress--on');
  });
});
