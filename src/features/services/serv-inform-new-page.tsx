import { useId, useState } from 'react';
import { useSessionIndexCode } from '@/hooks/use-index-code';
import { ServiceAgreement } from './service-agreement';
import { ServiceDetails, ServiceSummary } from './service-details';
import { ServiceHero } from './service-hero';
import { ServiceRightPanel } from './service-right-panel';
import { ServiceState } from './service-state';
import { useCatalogService } from './use-catalog-service';
import './services.css';

/**
 * /servInform1: the new-theme layout of a service's information (docs/product.md §4.4).
 * Its login returns through /transferPage1 and its way home is /indexNew; the full
 * description unfolds here, since docs/product.md §2 has no new-theme /servInform/look (decision 0025).
 */
export default function ServInformNewPage() {
  const indexCode = useSessionIndexCode();
  const request = useCatalogService();
  const [fullShown, setFullShown] = useState(false);
  const detailsId = useId();

  return (
    <div className="serv-inform serv-inform--new theme-new">
      <ServiceState request={request} home="/indexNew" indexCode={indexCode}>
        {(service) => (
          <>
            <ServiceHero service={service} />
            <ServiceRightPanel serviceCode={service.code} indexCode={indexCode} transferPage="/transferPage1" />
            {fullShown ? (
              <div id={detailsId}>
                <ServiceDetails service={service} />
              </div>
            ) : (
              <ServiceSummary service={service} />
            )}
            <ServiceAgreement serviceCode={service.code} />
            <button
              type="button"
              className="serv-inform__look"
              aria-expanded={fullShown}
              aria-controls={fullShown ? detailsId : undefined}
              onClick={() => setFullShown((shown) => !shown)}
            >
              {fullShown ? '收起完整服务说明' : '查看完整服务说明'}
            </button>
          </>
        )}
      </ServiceState>
    </div>
  );
}
