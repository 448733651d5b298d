import { Link } from 'react-router-dom';
import type { CatalogService } from '@contract/types';
import { ServiceIcon } from '@/components/service-icon';
import { paths } from '@/lib/paths';

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
          <Link className="service-grid__item" to={paths.service(service.code, indexCode)}>
            <ServiceIcon icon={service.icon} />
            <span className="service-grid__name">{service.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
