import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { ServiceLink } from '@/components/service-link';
import { Skeleton } from '@/components/skeleton';
import { useIndexCode } from '@/hooks/use-index-code';
import { newThemePath } from '@/lib/new-theme-path';
import { paths } from '@/lib/paths';
import { safePath } from '@/lib/safe-path';
import { indexCodeThemeShown } from '@/stores/theme';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { HomeNewBanner } from './home-new-banner';
import { HomeNewHeader } from './home-new-header';
import { LoginHintCard } from './login-hint-card';
import { NoticeTicker } from './notice-ticker';
import { RightsSummary } from './rights-summary';
import { useHomeConfig } from './use-home-config';
import './index-new.css';

/**
 * /indexNew: the new-theme home (docs/product.md §2) under tab bar two. Same content as /index in its
 * own teal layout: the `indexNew` entry of indexConfig.json (or the indexCode's own entry when
 * that is a new-theme one), notices from prefix B (docs/product.md §2.7), service cards with summaries.
 */
export default function IndexNewPage() {
  const indexCode = useIndexCode();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const { data, loading, error, reload } = useHomeConfig(indexCode, true);

  // The indexNew entry's theme, unless ckNew gave the session one (docs/product.md §2.7).
  useEffect(() => {
    if (data) indexCodeThemeShown(data.entry.theme);
  }, [data]);

  return (
    <div className="home-new theme-new">
      <HomeNewHeader tagline={data?.entry.title ?? '健康生活，从这里开始'} />
      <PageState
        loading={loading}
        error={error}
        onRetry={reload}
        empty={data?.services.length === 0}
        skeleton={<Skeleton rows={4} rowHeight={96} />}
      >
        {data && (
          <div className="home-new__body">
            {loggedIn && <NoticeTicker prefix="B" />}
            {loggedIn ? (
              <RightsSummary indexCode={indexCode} />
            ) : (
              <LoginHintCard indexCode={indexCode} transferPage="/transferPage1" />
            )}
            <section className="home-new__banners" aria-label="活动推荐">
              {data.entry.banners.map((banner) => (
                <HomeNewBanner key={banner.id} banner={banner} to={newThemePath(safePath(banner.link, '/indexNew'))} />
              ))}
            </section>
            <div className="home-new__section-head">
              <h2 className="home-new__section-title">为您推荐</h2>
              <Link to={paths.servMore(indexCode)} className="home-new__more">
                更多
              </Link>
            </div>
            <ul className="home-new__services">
              {data.services.map((service) => (
                <li key={service.code}>
                  <ServiceLink
                    service={service}
                    indexCode={indexCode}
                    theme="new"
                    block="home-new"
                    withSummary
                    iconSize={40}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </PageState>
    </div>
  );
}
