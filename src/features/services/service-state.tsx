import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { withIndexCode } from '@/lib/paths';
import type { CatalogService } from '@contract/types';
import { ServiceSkeleton } from './service-skeleton';
import type { useCatalogService } from './use-catalog-service';

type CatalogServiceRequest = ReturnType<typeof useCatalogService>;

/**
 * The states a service page shares: its skeleton while the catalog loads, the error with a
 * retry, and "not found" (a missing or unknown `?code=`) with a way back to `home`.
 * The service's name (ServiceHero) is the page's h1; until it shows, the route's title is
 * (`RouteHeading`): one h1 in every state (axe page-has-heading-one).
 */
export function ServiceState({
  request,
  home,
  indexCode,
  children,
}: {
  request: CatalogServiceRequest;
  home: '/index' | '/indexNew';
  indexCode: string;
  children: (service: CatalogService) => ReactNode;
}) {
  const navigate = useNavigate();
  const { service, loading, error, reload } = request;
  return (
    <>
      <PageState
        heading={<RouteHeading />}
        loading={loading}
        error={error}
        onRetry={reload}
        empty={!service}
        skeleton={<ServiceSkeleton />}
        emptyProps={{
          text: '未找到该服务，可能已下线',
          action: {
            label: '返回首页',
            onClick: () => navigate(withIndexCode(home, indexCode), { replace: true }),
          },
        }}
      >
        {service && children(service)}
      </PageState>
    </>
  );
}
