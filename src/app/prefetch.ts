import { whenSettled } from '@/lib/when-settled';
import { quietly } from './lazy-screen';
import { type RouteDef, routes } from './routes';

/**
 * Once the page has settled, loads the chunks of the screens a customer
 * most often opens from `path` (its row's `next`), so that the tap opening one does not wait
 * for a download (decision 0031). Rows behind login are skipped for a guest, who would see the
 * login view there; nothing is fetched offline. Returns a cancel.
 */
export function prefetchNext(path: string, loggedIn: boolean, table: readonly RouteDef[] = routes): () => void {
  const next = (table.find((row) => row.path === path)?.next ?? [])
    .map((target) => table.find((row) => row.path === target))
    .filter((row): row is RouteDef => row !== undefined && (loggedIn || row.auth !== 'required'));
  if (next.length === 0) return () => undefined;
  // Not at the first tap: the tapped screen's own chunk would then share the network with every
  // other likely screen's.
  return whenSettled(
    () => {
      if (!navigator.onLine) return;
      // A failure is left to the navigation that needs the chunk (lazy-screen.ts recovers there).
      // Nor does it reload the page (`quietly`): nobody is waiting for these.
      for (const row of next) quietly(row.screen).catch(() => undefined);
      // The route loaders' module too, when one of them has a loader (decision 0036): the tap then
      // starts the screen's calls at once instead of a round trip later.
      if (next.some((row) => row.load)) quietly(() => import('./route-data')).catch(() => undefined);
    },
    { atFirstTap: false },
  );
}
