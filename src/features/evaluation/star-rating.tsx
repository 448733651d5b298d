export interface StarRatingProps {
  value: number;
  /** Omit for a read-only display. */
  onChange?: (value: number) => void;
  /** Accessible name of the group. */
  label?: string;
}

const STARS = [1, 2, 3, 4, 5] as const;
const WORDS: Record<number, string> = { 1: '很差', 2: '较差', 3: '一般', 4: '满意', 5: '非常满意' };

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="star-rating__svg" aria-hidden="true">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        fill={filled ? '#ffb400' : 'none'}
        stroke={filled ? '#ffb400' : '#c3cad6'}
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 1–5 stars (docs/product.md §4.5). Editable: a radio group of five ≥ 44 px buttons, each
 * named "N星"; read-only: one image named "评分 N 星".
 */
export function StarRating({ value, onChange, label = '评分' }: StarRatingProps) {
  if (!onChange) {
    return (
      <div className="star-rating star-rating--readonly" role="img" aria-label={`${label} ${value} 星`}>
        {STARS.map((n) => (
          <Star key={n} filled={n <= value} />
        ))}
        {value > 0 && <span className="star-rating__word">{WORDS[value]}</span>}
      </div>
    );
  }
  return (
    <div className="star-rating" role="radiogroup" aria-label={label}>
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n}星`}
          className="star-rating__star"
          onClick={() => onChange(n)}
        >
          <Star filled={n <= value} />
        </button>
      ))}
      <span className="star-rating__word" aria-live="polite">
        {value > 0 ? WORDS[value] : '请点击星星评分'}
      </span>
    </div>
  );
}
