export interface MessagesBarProps {
  /** 3条未读, 暂无未读消息, or nothing while nothing is known. */
  countText: string;
  readAllDisabled: boolean;
  onReadAll: () => void;
}

/**
 * /message's bar: the unread count, read aloud as it changes, and 全部已读. The page draws it
 * before the app from this component too (build/first-paint/templates.tsx, decision 0057).
 */
export function MessagesBar({ countText, readAllDisabled, onReadAll }: MessagesBarProps) {
  return (
    <div className="messages__bar">
      <p className="messages__count" aria-live="polite">
        {countText}
      </p>
      <button type="button" className="messages__read-all" onClick={onReadAll} disabled={readAllDisabled}>
        全部已读
      </button>
    </div>
  );
}
