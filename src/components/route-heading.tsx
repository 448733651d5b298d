import { createContext, useContext } from 'react';

/**
 * The title (docs/product.md §2.2) of the route a screen is shown for. The keep-alive outlet provides it
 * per screen, so a kept screen hidden behind another still has its own.
 */
export const RouteTitleContext = createContext<string | undefined>(undefined);

/**
 * The screen's one `<h1>` (axe page-has-heading-one) when nothing it shows names the page:
 * its route's title, visually hidden, so the title is written once, in `app/routes.ts`.
 */
export function RouteHeading() {
  const title = useContext(RouteTitleContext);
  return <h1 className="visually-hidden">{title}</h1>;
}
