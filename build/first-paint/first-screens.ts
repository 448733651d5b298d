import { pathToFileURL } from 'node:url';
import type { RouteDef } from '../../src/app/routes.ts';

/**
 * The route table, read when the build starts: Node runs routes.ts as it is (its imports are
 * types only, its screens lazy). A static import would pull it into Vite's bundle of the config,
 * which cannot resolve the screens' `@/` imports and warns for each.
 */
export async function loadRouteTable(root = process.cwd()): Promise<readonly RouteDef[]> {
  const url = pathToFileURL(`${root}/src/app/routes.ts`).href;
  return ((await import(/* @vite-ignore */ url)) as { routes: readonly RouteDef[] }).routes;
}

/**
 * The home: its first screen's chunks are asked for on every path ('/' redirects to it), and not
 * the loaders' module, as index.html's early fetch brings its files (decision 0031).
 */
export const HOME = '/index';

/** A row of the route table with `firstPaint`, as the build reads it (decision 0057). */
export interface FirstScreen {
  path: string;
  /** Its modules under src/: the screen's and, for a row with a `load` but the home, the loaders'. */
  modules: string[];
  css: NonNullable<RouteDef['firstPaint']>;
}

/**
 * The module a row's `screen` imports, from its text: `() => import('@/features/…')` as the table
 * writes it, or `__vite_ssr_dynamic_import__("/src/features/….tsx")` as Vite runs it in tests.
 * The table names each screen once, as a lazy import; the build finds its chunk by that name.
 */
export function screenModule(row: Pick<RouteDef, 'path' | 'screen'>): string {
  const match = /import_*\(\s*["'`](?:@|\/src)\/([\w/.-]+?)(\.tsx?)?["'`]\s*\)/.exec(String(row.screen));
  if (!match) throw new Error(`first-screens: the screen of ${row.path} is not an import('@/…') of one module`);
  return `${match[1]}${match[2] ?? '.tsx'}`;
}

/** The first screens of `table`, in its order. */
export function firstScreens(table: readonly RouteDef[]): FirstScreen[] {
  return table.flatMap((row) =>
    row.firstPaint
      ? [
          {
            path: row.path,
            modules: [screenModule(row), ...(row.load && row.path !== HOME ? ['app/route-data.ts'] : [])],
            css: row.firstPaint,
          },
        ]
      : [],
  );
}
