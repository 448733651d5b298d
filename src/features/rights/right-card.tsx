import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { PRODUCT_LINE_LABEL, remainingText, RIGHT_STATUS_LABEL, validityText } from '@/lib/right-facts';
import type { Right } from '@contract/types';

export interface RightCardProps {
  right: Right;
  indexCode: string;
}

/**
 * One right on /rights: name, product line, masked policy, remaining times, validity.
 * The whole card takes the tap, but only the name is the link's text (a "stretched link": its
 * ::after covers the card), so the link is named by what it shows (WCAG 2.5.3, label in name)
 * and the rest of the card is its description, in the order the eye reads it.
 */
export function RightCard({ right, indexCode }: RightCardProps) {
  const id = useId();
  const facts = ['line', 'status', 'times', 'validity', 'policy'].map((fact) => `${id}-${fact}`).join(' ');
  return (
    <div className={`right-card right-card--${right.status}`}>
      <div className="right-card__head">
        <Link to={paths.service(right.serviceCode, indexCode)} className="right-card__name" aria-describedby={facts}>
          {right.name}
        </Link>
        <span className="right-card__line" id={`${id}-line`}>
          {PRODUCT_LINE_LABEL[right.productLine]}
        </span>
        <span className="right-card__status" id={`${id}-status`}>
          {RIGHT_STATUS_LABEL[right.status]}
        </span>
      </div>
      <p className="right-card__times" id={`${id}-times`}>
        {remainingText(right)}
      </p>
      <p className="right-card__meta" id={`${id}-validity`}>
        有效期 {validityText(right)}
      </p>
      <p className="right-card__meta" id={`${id}-policy`}>
        保单号 {right.policyNo}
      </p>
    </div>
  );
}
