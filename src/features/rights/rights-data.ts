import { getStaticJson } from '@/api/client';
import { getRights } from '@/api/rights';
import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { preload } from '@/hooks/server-state';
import { readIndexCode } from '@/lib/index-code';
import type { LinkedPath } from '@/lib/paths';
import { useUserStore } from '@/stores/user';
import type { IndexConfig, Right } from '@contract/types';
import { arrivedRights, pendingRights } from './early-rights';

/** Where a customer with no rights at all goes, by the indexCode's product line (docs/product.md §2.7). */
async function noRightsPath(indexCode: string): Promise<LinkedPath> {
  try {
    const config = await getStaticJson<IndexConfig>('indexConfig');
    const line = (config[indexCode] ?? config[DEFAULT_INDEX_CODE])?.productLine;
    if (line === 'ebt') return '/noRights/ebtNoRights';
    if (line === 'ryb') return '/noRights/rybNoRights';
  } catch {
    // Without the configuration the general page still explains.
  }
  return '/noRights';
}

export interface RightsData {
  rights: Right[];
  /** Set when the customer has no rights at all. */
  redirect?: LinkedPath;
}

export async function fetchRights(indexCode: string): Promise<RightsData> {
  // The list index.html asked for, when it is on its way (decision 0050); else the gateway.
  const early = pendingRights(useUserStore.getState().token);
  const rights = (early && (await early)) || (await getRights());
  return rights.length > 0 ? { rights } : { rights, redirect: await noRightsPath(indexCode) };
}

/** The list index.html has already drawn, for the screen's first render (decision 0050). */
export function arrivedRightsData(): RightsData | undefined {
  const rights = arrivedRights(useUserStore.getState().token);
  return rights ? { rights } : undefined;
}

/** The key /rights reads its list under, for its loader and its screen alike. */
export const rightsKey = (userId: string | undefined, indexCode: string) =>
  JSON.stringify(['rights', userId, indexCode]);

/** /rights's loader (decision 0036): the list starts beside the screen's chunk. */
export function loadRights(url: URL): void {
  const { userInfo, indexCode: stored, token } = useUserStore.getState();
  // Already drawn from index.html's own call: the screen shows that list (decision 0050).
  if (arrivedRights(token)) return;
  const indexCode = readIndexCode(url.searchParams.get('indexCode'), stored);
  preload(rightsKey(userInfo?.userId, indexCode), () => fetchRights(indexCode));
}
