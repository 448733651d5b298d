import { useEffect, useState } from 'react';
import { arrivedEarly, forgetArrived, getIndexConfig, getServiceCatalog } from '@/api/early-json';
import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { useRequest } from '@/hooks/server-state';
import type { CatalogService, IndexConfig, IndexConfigEntry, ServiceCatalog } from '@contract/types';

export interface HomeData {
  entry: IndexConfigEntry;
  services: CatalogService[];
}

type Prefer = (config: Record<string, IndexConfigEntry>) => IndexConfigEntry | undefined;

/**
 * The home's configuration for an indexCode: its indexConfig.json entry and the grid's
 * services from serviceCatalog.json, in the grid's order. An unknown indexCode shows the
 * default home rather than nothing. `prefer` picks another entry first (the new-theme home
 * reads the `indexNew` entry unless the indexCode is itself a new-theme one).
 */
function homeOf(config: IndexConfig, catalog: ServiceCatalog, indexCode: string, prefer?: Prefer): HomeData {
  const entry = prefer?.(config) ?? config[indexCode] ?? config[DEFAULT_INDEX_CODE];
  const byCode = new Map(catalog.services.map((s) => [s.code, s]));
  const services = entry.grid.map((code) => byCode.get(code)).filter((s): s is CatalogService => Boolean(s));
  return { entry, services };
}

export async function loadHome(indexCode: string, prefer?: Prefer): Promise<HomeData> {
  const [config, catalog] = await Promise.all([getIndexConfig(), getServiceCatalog()]);
  return homeOf(config, catalog, indexCode, prefer);
}

/** The new-theme home reads the `indexNew` entry, unless the indexCode is itself a new-theme one. */
export const preferNewTheme =
  (indexCode: string): Prefer =>
  (config) =>
    config[indexCode]?.theme === 'indexNew' ? config[indexCode] : config.indexNew;

/** The key a home reads its configuration under, for its loader and its screen alike. */
export const homeKey = (indexCode: string, newTheme: boolean) => JSON.stringify(['home', indexCode, newTheme]);

/**
 * The home's data for an indexCode through useRequest (both homes share it; it lives here so
 * the two home screens share no chunk of their own, decision 0003's file budget).
 */
export function useHomeConfig(indexCode: string, newTheme = false) {
  const prefer = newTheme ? preferNewTheme(indexCode) : undefined;
  // The early files that answered before the app ran paint the home in its first render, as
  // index.html painted the first banner (decision 0031).
  const [initialData] = useState(() => {
    const early = arrivedEarly();
    try {
      return early && homeOf(early.indexConfig, early.serviceCatalog, indexCode, prefer);
    } catch {
      return undefined; // files of an unexpected shape: the fetch below shows the error state
    }
  });
  useEffect(() => {
    if (initialData) forgetArrived();
  }, [initialData]);
  return useRequest(() => loadHome(indexCode, prefer), [indexCode], {
    initialData,
    loadKey: homeKey(indexCode, newTheme),
  });
}
