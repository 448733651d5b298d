import { useSearchParams } from 'react-router-dom';
import { getStaticJson } from '@/api/client';
import { useRequest } from '@/hooks/server-state';
import type { CatalogService, ServiceCatalog } from '@contract/types';

/**
 * The service named by `?code=` from serviceCatalog.json. `service` is null once loaded when
 * the code is missing or unknown.
 */
export function useCatalogService() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const request = useRequest(async (): Promise<CatalogService | null> => {
    if (!code) return null;
    const catalog = await getStaticJson<ServiceCatalog>('serviceCatalog');
    return catalog.services.find((s) => s.code === code) ?? null;
  }, [code]);
  return { ...request, service: request.data };
}
