import { ServiceLink } from '@/components/service-link';
import type { CatalogService } from '@contract/types';

export interface ServiceGridProps {
  services: Pick<CatalogService, 'code' | 'name' | 'icon'>[];
  indexCode: string;
}

/** The home's service grid: four to a row, each opens the service's information. */
export function ServiceGrid({ services, indexCode }: ServiceGridProps) {
  return (
    <ul className="service-grid">
      {services.map((service) => (
        <li key={service.code}>
          <ServiceLink service={service} indexCode={indexCode} block="service-grid" />
        </li>
      ))}
    </ul>
  );
}
