import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Right } from '@contract/types';
import { PRODUCT_LINE_LABEL, RIGHT_STATUS_LABEL, remainingText, validityText } from '@/lib/right-facts';

export interface RightCardProps {
  right: Right;
  indexCode: string;
}

/**
 * One right on /rights: name, product line, masked policy, remaining times, validity.
 * The link's name is the short 名称，状态，次数; a link's aria-label is all a screen reader
 * says of it, so the rest of the card (product line, validity, policy) is its description.
 */
export function RightCard({ right, indexCode }: RightCardProps) {
  const id = useId();
  return (
    <Link
      to={`/servInform?code=${encodeURIComponent(right.serviceCode)}&indexCode=${encodeURIComponent(indexCode)}`}
      className={`right-card right-card--${right.status}`}
      aria-label={`${right.name}，${RIGHT_STATUS_LABEL[right.status]}，${remainingText(right)}`}
      aria-describedby={`${id}-line ${id}-validity ${id}-policy`}
    >
      <div className="right-card__head">
        <span className="right-card__name">{right.name}</span>
        <span className="right-card__line" id={`${id}-line`}>
          {PRODUCT_LINE_LABEL[right.productLine]}
        </span>
        <span className="right-card__status">{RIGHT_STATUS_LABEL[right.status]}</span>
      </div>
      <p className="right-card__times">{remainingText(right)}</p>
      <p className="right-card__meta" id={`${id}-validity`}>
        有效期 {validityText(right)}
      </p>
      <p className="right-card__meta" id={`${id}-policy`}>
        保单号 {right.policyNo}
      </p>
    </Link>
  );
}
