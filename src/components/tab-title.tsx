export interface TabTitleProps {
  title: string;
  /** Optional right-hand link, e.g. 更多. */
  extra?: { label: string; onClick: () => void };
}

/** The tab-title strip (docs/product.md §2): a section heading with an optional action on the right. */
export function TabTitle({ title, extra }: TabTitleProps) {
  return (
    <div className="tab-title">
      <h2 className="tab-title__text">{title}</h2>
      {extra && (
        <button type="button" className="tab-title__extra" onClick={extra.onClick}>
          {extra.label}
        </button>
      )}
    </div>
  );
}
