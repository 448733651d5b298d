import { createBrowserRouter } from 'react-router-dom';
import { useUserStore } from '@/stores/user';
import { addIndexCodeToStartUrl, searchWithIndexCode } from './index-code';

function startAt(url: string) {
  window.history.replaceState(null, '', url);
  addIndexCodeToStartUrl();
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

describe('indexCode on the URL the app starts on (docs/product.md §2, decision 0003)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('adds the default to a tabbed route before the router reads the URL, keeping the rest', () => {
    expect(startAt('/index')).toBe('/index?indexCode=index');
    expect(startAt('/mine?from=share#top')).toBe('/mine?from=share&indexCode=index#top');
    // As React Router matches: without case, with a trailing slash.
    expect(startAt('/Index/')).toBe('/Index/?indexCode=index');
  });

  it('uses the last indexCode the customer had', () => {
    useUserStore.setState({ indexCode: 'ebt' });
    expect(startAt('/indexNew')).toBe('/indexNew?indexCode=ebt');
  });

  it('leaves a URL that has one, and routes without a tab bar, as they are', () => {
    expect(startAt('/index?indexCode=ryb')).toBe('/index?indexCode=ryb');
    expect(startAt('/message')).toBe('/message');
    expect(startAt('/no/such/page')).toBe('/no/such/page');
    expect(startAt('/index/servMore')).toBe('/index/servMore');
  });

  it("writes React Router's first history entry with it, so the router does not replace the entry again", () => {
    startAt('/index');
    expect(window.history.state).toEqual({ idx: 0 });
    const replace = vi.spyOn(window.history, 'replaceState');
    const router = createBrowserRouter([{ path: '/index', element: null }]);
    expect(replace).not.toHaveBeenCalled();
    expect(router.state.location).toMatchObject({ pathname: '/index', search: '?indexCode=index', key: 'default' });
    router.dispose();
    replace.mockRestore();
  });

  it('keeps an entry that has state (a reload keeps its place in the history)', () => {
    window.history.replaceState({ usr: { from: 'x' }, key: 'k1', idx: 3 }, '', '/index');
    addIndexCodeToStartUrl();
    expect(window.history.state).toEqual({ usr: { from: 'x' }, key: 'k1', idx: 3 });
  });

  it('says when a search string lacks it', () => {
    expect(searchWithIndexCode('?a=1')).toBe('?a=1&indexCode=index');
    expect(searchWithIndexCode('?indexCode=x')).toBeNull();
  });
});
