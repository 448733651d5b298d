import { ServiceIcon } from '@/components/service-icon';
import type { CatalogService } from '@contract/types';

export interface ServiceHeroProps {
  service: Pick<CatalogService, 'icon' | 'name' | 'summary'>;
}

/** The head of a service's information: icon, name and one-line summary. */
export function ServiceHero({ service }: ServiceHeroProps) {
  return (
    <header className="serv-inform__hero">
      <ServiceIcon icon={service.icon} size={52} />
      <div className="serv-inform__hero-text">
        <h1 className="serv-inform__name">{service.name}</h1>
        <p className="serv-inform__summary">{service.summary}</p>
      </div>
    </header>
  );
}
