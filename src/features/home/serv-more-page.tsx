import { getMore } from '@/api/portal';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { ServiceLink } from '@/components/service-link';
import { TabTitle } from '@/components/tab-title';
import { useRequest } from '@/hooks/server-state';
import { useIndexCode } from '@/hooks/use-index-code';
import './serv-more.css';

/**
 * /index/servMore: more services (docs/product.md §2), the sections `portalIndex/getMore` returns for the
 * indexCode (docs/product.md §7.5), each service opening its information.
 */
export default function ServMorePage() {
  const indexCode = useIndexCode();
  const { data, loading, error, reload } = useRequest(() => getMore(indexCode), [indexCode]);
  const sections = (data?.sections ?? []).filter((s) => s.services.length > 0);

  return (
    <div className="serv-more">
      <RouteHeading />
      <PageState loading={loading} error={error} onRetry={reload} empty={sections.length === 0}>
        {sections.map((section) => (
          <section key={section.code} className="serv-more__section" aria-label={section.title}>
            <TabTitle title={section.title} />
            <ul className="serv-more__list">
              {section.services.map((service) => (
                <li key={service.code}>
                  <ServiceLink service={service} indexCode={indexCode} block="serv-more" withSummary iconSize={40} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </PageState>
    </div>
  );
}
