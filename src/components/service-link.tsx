import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { ServiceBrief } from '@contract/types';
import { ServiceIcon } from './service-icon';

export interface ServiceLinkProps {
  service: Pick<ServiceBrief, 'code' | 'name' | 'icon'> & { summary?: string };
  indexCode: string;
  /** Which service screen it opens: /servInform, or /servInform1 of the new theme. */
  theme?: 'classic' | 'new';
  /**
   * The list's BEM block, which styles the link: `${block}__item`, `${block}__name`, and with
   * `withSummary` `${block}__text` holding the name and `${block}__summary`.
   */
  block: string;
  /** A list row shows the summary under the name; a grid cell the name alone. */
  withSummary?: boolean;
  /** Icon size in px at the 375-wide design. */
  iconSize?: number;
}

/** A service as every list and grid shows it: its icon and name, opening its screen in this product line. */
export function ServiceLink({ service, indexCode, theme = 'classic', block, withSummary, iconSize }: ServiceLinkProps) {
  const name = <span className={`${block}__name`}>{service.name}</span>;
  return (
    <Link className={`${block}__item`} to={paths.service(service.code, indexCode, theme)}>
      <ServiceIcon icon={service.icon} size={iconSize} />
      {withSummary ? (
        <span className={`${block}__text`}>
          {name}
          <span className={`${block}__summary`}>{service.summary}</span>
        </span>
      ) : (
        name
      )}
    </Link>
  );
}
