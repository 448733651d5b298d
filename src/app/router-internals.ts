/**
 * The one place react-router's `UNSAFE_` internals enter the app (react-router is pinned;
 * router-internals.test.tsx fails when an upgrade moves them):
 *  - the browser router built in two steps, so building it and its first navigation are two
 *    short tasks on a slow phone (decision 0015, measured there);
 *  - the location context, so a hidden kept screen reads its own last location (decision 0002).
 */
export {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  UNSAFE_LocationContext as LocationContext,
} from 'react-router-dom';
