import { useIndexCode } from '@/hooks/use-index-code';
import { useCatalogService } from './use-catalog-service';
import { ServiceHero } from './service-hero';
import { ServiceState } from './service-state';
import './services.css';

/**
 * /servInform/look: the full description of a service (every detail section of
 * serviceCatalog.json, how to use, limits, provider). Not kept alive (DESIGN §7).
 */
export default function ServInformLookPage() {
  const indexCode = useIndexCode();
  const request = useCatalogService();

  return (
    <div className="serv-inform serv-inform--look">
      <ServiceState request={request} home="/index" indexCode={indexCode}>
        {(service) => (
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
      </ServiceState>
    </div>
  );
}
