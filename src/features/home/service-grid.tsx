import { Link } from 'react-router-dom';
import type { CatalogService } from '@contract/types';
import { ServiceIcon } from '@/components/service-icon';

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
          <Link
            className="service-grid__item"
            to={`/servInform?code=${encodeURIComponent(service.code)}&indexCode=${encodeURIComponent(indexCode)}`}
          >
            <ServiceIcon icon={service.icon} />
            <span className="service-grid__name">{service.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
