import { useSessionIndexCode } from '@/hooks/use-index-code';
import { ServiceDetails } from './service-details';
import { ServiceHero } from './service-hero';
import { ServiceState } from './service-state';
import { useCatalogService } from './use-catalog-service';
import './services.css';

/**
 * /servInform/look: the full description of a service (every detail section of
 * serviceCatalog.json, how to use, limits, provider). Not kept alive (docs/product.md §2.5).
 */
export default function ServInformLookPage() {
  const indexCode = useSessionIndexCode();
  const request = useCatalogService();

  return (
    <div className="serv-inform serv-inform--look">
      <ServiceState request={request} home="/index" indexCode={indexCode}>
        {(service) => (
          <>
            <ServiceHero service={service} />
            <ServiceDetails service={service} />
          </>
        )}
      </ServiceState>
    </div>
  );
}
