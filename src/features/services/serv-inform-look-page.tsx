import { useNavigate } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { useIndexCode } from '@/hooks/use-index-code';
import { useCatalogService } from './use-catalog-service';
import { ServiceHero } from './service-hero';
import { ServiceSkeleton } from './service-skeleton';
import './services.css';

/**
 * /servInform/look: the full description of a service (every detail section of
 * serviceCatalog.json, how to use, limits, provider). Not kept alive (DESIGN §7).
 */
export default function ServInformLookPage() {
  const navigate = useNavigate();
  const indexCode = useIndexCode();
  const { service, loading, error, reload } = useCatalogService();

  return (
    <main className="serv-inform serv-inform--look">
      <PageState
        loading={loading}
        error={error}
        onRetry={reload}
        empty={!service}
        skeleton={<ServiceSkeleton />}
        emptyProps={{ text: '未找到该服务，可能已下线', action: { label: '返回首页', onClick: () => navigate(`/index?indexCode=${encodeURIComponent(indexCode)}`, { replace: true }) } }}
      >
        {service && (
          <>
            <ServiceHero service={service} />
            {service.sections.map((section) => (
              <section key={section.title} className="serv-inform__card">
                <h2 className="serv-inform__title">{section.title}</h2>
                <p className="serv-inform__body">{section.body}</p>
              </section>
            ))}
            <section className="serv-inform__card">
              <h2 className="serv-inform__title">使用方式</h2>
              <ol className="serv-inform__steps">
                {service.howToUse.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
            <section className="serv-inform__card">
              <h2 className="serv-inform__title">使用限制</h2>
              <p className="serv-inform__body">{service.limits}</p>
            </section>
            <section className="serv-inform__card">
              <h2 className="serv-inform__title">服务提供方</h2>
              <p className="serv-inform__body">{service.provider}</p>
            </section>
          </>
        )}
      </PageState>
    </main>
  );
}
