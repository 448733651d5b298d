/**
 * Every in-app link the portal builds (decision 0028): typed paths of the route table, with
 * their query built by URLSearchParams, never by string template. A link into a product line
 * carries its `indexCode` (docs/product.md §2).
 */

/** The route table's paths that in-app links lead to (app/routes.test.ts keeps them in step). */
export const linkedPaths = [
  '/index',
  '/indexNew',
  '/mine',
  '/mineNew',
  '/rights',
  '/index/servMore',
  '/servInform',
  '/servInform1',
  '/servInform/look',
  '/noRights',
  '/noRights/ebtNoRights',
  '/noRights/rybNoRights',
  '/statusOne',
  '/statusTwo',
  '/statusThree',
] as const;

export type LinkedPath = (typeof linkedPaths)[number];

/** `pathname?query`, the query in the order given, empty values left out. */
export function pathWith(pathname: LinkedPath, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A product line's screen: `pathname?indexCode=…`. */
export const withIndexCode = (pathname: LinkedPath, indexCode: string) => pathWith(pathname, { indexCode });

export const paths = {
  /** The home of the classic theme or of the new one (bar two). */
  home: (indexCode: string, theme: 'classic' | 'new' = 'classic') =>
    withIndexCode(theme === 'new' ? '/indexNew' : '/index', indexCode),
  /** The personal centre of the classic theme or of the new one (bar two). */
  mine: (indexCode: string, theme: 'classic' | 'new' = 'classic') =>
    withIndexCode(theme === 'new' ? '/mineNew' : '/mine', indexCode),
  rights: (indexCode: string) => withIndexCode('/rights', indexCode),
  servMore: (indexCode: string) => withIndexCode('/index/servMore', indexCode),
  /** A service's details, classic or new theme (docs/product.md §2 /servInform, /servInform1; `code` first). */
  service: (code: string, indexCode: string, theme: 'classic' | 'new' = 'classic') =>
    pathWith(theme === 'new' ? '/servInform1' : '/servInform', { code, indexCode }),
  serviceLook: (code: string, indexCode: string) => pathWith('/servInform/look', { code, indexCode }),
  /** A write-off's status screen, with the query it was opened with. */
  status: (kind: 'waiting' | 'success' | 'failed', query: URLSearchParams) =>
    `${kind === 'waiting' ? '/statusOne' : kind === 'success' ? '/statusTwo' : '/statusThree'}?${query}`,
};
