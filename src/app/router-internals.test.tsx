import { render, screen } from '@testing-library/react';
import { createBrowserRouter, MemoryRouter, NavigationType, type RouteObject, useLocation } from 'react-router-dom';
import {
  createBrowserHistory,
  createRouter,
  hydrationRouteProperties,
  LocationContext,
  mapRouteProperties,
} from './router-internals';

/**
 * react-router's internals the app relies on (decisions 0002, 0015): an upgrade that renames,
 * removes or changes them fails here before it fails on a phone.
 */
describe('react-router internals (src/app/router-internals.ts)', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { path: 'index', element: <p>home</p> },
        { path: 'mine', lazy: async () => ({ element: <p>mine</p> }) },
      ],
    },
  ];
  const shape = (router: { routes: unknown }) => JSON.stringify(router.routes);

  it('are all still exported', () => {
    for (const value of [createBrowserHistory, createRouter, mapRouteProperties]) expect(typeof value).toBe('function');
    expect(hydrationRouteProperties).toEqual(expect.any(Array));
    expect(LocationContext).toHaveProperty('Provider');
  });

  it('build, in two steps, the router createBrowserRouter builds', () => {
    const ours = createRouter({
      history: createBrowserHistory(),
      routes,
      mapRouteProperties,
      hydrationRouteProperties,
    });
    const theirs = createBrowserRouter(routes);
    expect(shape(ours)).toBe(shape(theirs));
    expect(ours.future).toEqual(theirs.future);
    expect(ours.state.initialized).toBe(theirs.state.initialized);
    theirs.dispose();
    ours.initialize();
    expect(ours.state.location.pathname).toBe(window.location.pathname);
    ours.dispose();
  });

  it('let a subtree read a location of its own through the context useLocation reads', () => {
    function Where() {
      return <p>{useLocation().search}</p>;
    }
    const kept = { pathname: '/rights', search: '?indexCode=ebt', hash: '', state: null, key: 'k' };
    render(
      <MemoryRouter initialEntries={['/index?indexCode=index']}>
        <LocationContext.Provider value={{ location: kept, navigationType: NavigationType.Pop }}>
          <Where />
        </LocationContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByText('?indexCode=ebt')).toBeInTheDocument();
  });
});
