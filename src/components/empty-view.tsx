export interface EmptyViewProps {
  /** Defaults to docs/product.md §2's 'no data yet': 暂无数据. */
  text?: string;
  /** When given, a 登录 button is shown (docs/product.md §2: an optional 'login' button). */
  onLogin?: () => void;
  /** Another action instead of login, e.g. 去看看. */
  action?: { label: string; onClick: () => void };
}

/** The empty-data view of docs/product.md §2: an image and 暂无数据, with an optional 登录 button. */
export function EmptyView({ text = '暂无数据', onLogin, action }: EmptyViewProps) {
  return (
    <div className="empty-view">
      <svg className="empty-view__art" viewBox="0 0 160 120" aria-hidden="true">
        <ellipse cx="80" cy="108" rx="56" ry="7" fill="#eef1f6" />
        <rect x="42" y="26" width="76" height="72" rx="10" fill="#f4f7fb" stroke="#cfd8e6" strokeWidth="3" />
        <path d="M56 48h48M56 62h34M56 76h40" stroke="#cfd8e6" strokeWidth="4" strokeLinecap="round" />
        <circle cx="112" cy="30" r="14" fill="var(--app-color-primary-soft)" />
        <path d="M106 30h12M112 24v12" stroke="var(--app-color-primary)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="empty-view__text">{text}</p>
      {onLogin && (
        <button type="button" className="app-button app-button--primary" onClick={onLogin}>
          登录
        </button>
      )}
      {action && (
        <button type="button" className="app-button app-button--ghost" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
