import { useNavigate } from 'react-router-dom';
import { useSessionIndexCode } from '@/hooks/use-index-code';
import { paths } from '@/lib/paths';
import { ServiceAgreement } from './service-agreement';
import { ServiceSummary } from './service-details';
import { ServiceHero } from './service-hero';
import { ServiceRightPanel } from './service-right-panel';
import { ServiceState } from './service-state';
import { useCatalogService } from './use-catalog-service';
import './services.css';

/**
 * /servInform: a service's information from serviceCatalog.json by `?code=` — what it is, who
 * provides it, how to use it, its limits — and the caller's right for it with 立即使用
 * (docs/product.md §4.4). Not kept alive. The new-theme layout is /servInform1.
 */
export default function ServInformPage() {
  const navigate = useNavigate();
  const indexCode = useSessionIndexCode();
  const request = useCatalogService();

  return (
    <div className="serv-inform">
      <ServiceState request={request} home="/index" indexCode={indexCode}>
        {(service) => (
          <>
            <ServiceHero service={service} />
            <ServiceRightPanel serviceCode={service.code} indexCode={indexCode} />
            <ServiceSummary service={service} />
            <section className="serv-inform__card" aria-labelledby="serv-limits">
              <h2 id="serv-limits" className="serv-inform__title">
                使用限制
              </h2>
              <p className="serv-inform__body">{service.limits}</p>
            </section>
            <ServiceAgreement serviceCode={service.code} />
            <button
              type="button"
              className="serv-inform__look"
              onClick={() => navigate(paths.serviceLook(service.code, indexCode))}
            >
              查看完整服务说明
            </button>
          </>
        )}
      </ServiceState>
    </div>
  );
}
