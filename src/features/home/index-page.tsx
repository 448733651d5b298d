import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { TabTitle } from '@/components/tab-title';
import { env } from '@/config/env';
import { useIndexCode } from '@/hooks/use-index-code';
import { paths } from '@/lib/paths';
import { indexCodeThemeShown } from '@/stores/theme';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { BannerCarousel } from './banner-carousel';
import { HomeSkeleton } from './home-skeleton';
import { LoginHintCard } from './login-hint-card';
import { NoticeTicker } from './notice-ticker';
import { RightsSummary } from './rights-summary';
import { ServiceGrid } from './service-grid';
import { useHomeConfig } from './use-home-config';

/**
 * /index: the home page (docs/product.md §2; docs/product.md §4.9): banners and the service grid from
 * indexConfig.json for the indexCode, the unread-notice ticker and my rights summary when
 * logged in (a login hint otherwise), 更多 → /index/servMore.
 */
export default function IndexPage() {
  const indexCode = useIndexCode();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const { data, loading, error, reload } = useHomeConfig(indexCode);

  // docs/product.md §2.7: the indexCode's theme, unless ckNew gave the session one (tab icons follow it).
  useEffect(() => {
    if (data) indexCodeThemeShown(data.entry.theme);
  }, [data]);

  return (
    <div className="home">
      <header className="home__header">
        <h1 className="home__brand">{env.appTitle}</h1>
        <p className="home__tagline">{data?.entry.title ?? '守护您和家人的健康'}</p>
      </header>
      <PageState
        loading={loading}
        error={error}
        onRetry={reload}
        empty={data?.services.length === 0}
        skeleton={<HomeSkeleton />}
      >
        {data && (
          <>
            <BannerCarousel banners={data.entry.banners} />
            {loggedIn && <NoticeTicker prefix="A" />}
            {loggedIn ? <RightsSummary indexCode={indexCode} /> : <LoginHintCard indexCode={indexCode} />}
            <TabTitle title="健康服务" extra={{ label: '更多', onClick: () => navigate(paths.servMore(indexCode)) }} />
            <ServiceGrid services={data.services} indexCode={indexCode} />
          </>
        )}
      </PageState>
    </div>
  );
}
