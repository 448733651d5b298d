import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CatalogService, IndexConfigEntry } from '@contract/types';
import { getIndexConfig, getServiceCatalog } from '@/api/early-json';
import { PageState } from '@/components/page-state';
import { TabTitle } from '@/components/tab-title';
import { useRequest } from '@/hooks/use-request';
import { env } from '@/config/env';
import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { themeChanged } from '@/stores/theme';
import { BannerCarousel } from './banner-carousel';
import { ServiceGrid } from './service-grid';
import { HomeSkeleton } from './home-skeleton';
import { useIndexCode } from '@/hooks/use-index-code';

interface HomeData {
  entry: IndexConfigEntry;
  services: CatalogService[];
}

async function loadHome(indexCode: string): Promise<HomeData> {
  const [config, catalog] = await Promise.all([getIndexConfig(), getServiceCatalog()]);
  // An unknown indexCode shows the default home rather than nothing.
  const entry = config[indexCode] ?? config[DEFAULT_INDEX_CODE];
  const byCode = new Map(catalog.services.map((s) => [s.code, s]));
  const services = entry.grid.map((code) => byCode.get(code)).filter((s): s is CatalogService => Boolean(s));
  return { entry, services };
}

/** /index: the home page (SPEC §2), banners and service grid from indexConfig.json. */
export default function IndexPage() {
  const indexCode = useIndexCode();
  const navigate = useNavigate();
  const { data, loading, error, reload } = useRequest(() => loadHome(indexCode), [indexCode]);

  // DESIGN §7: the session theme follows the indexCode's theme (tab icons follow it).
  useEffect(() => {
    if (data) themeChanged(data.entry.theme);
  }, [data]);

  return (
    <div className="home">
      <header className="home__header">
        <h1 className="home__brand">{env.appTitle}</h1>
        <p className="home__tagline">{data?.entry.title ?? '守护您和家人的健康'}</p>
      </header>
      <PageState loading={loading} error={error} onRetry={reload} empty={data?.services.length === 0} skeleton={<HomeSkeleton />}>
        {data && (
          <>
            <BannerCarousel banners={data.entry.banners} />
            <TabTitle
              title="健康服务"
              extra={{ label: '更多', onClick: () => navigate(`/index/servMore?indexCode=${encodeURIComponent(indexCode)}`) }}
            />
            <ServiceGrid services={data.services} indexCode={indexCode} />
          </>
        )}
      </PageState>
    </div>
  );
}
