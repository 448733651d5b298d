import type { ReactNode } from 'react';
import { RECORDS_TAB_LABEL, RIGHT_STATUS_LABEL } from '@/lib/right-facts';
import type { RightStatus } from '@contract/types';

export type RightsTab = RightStatus | 'records';

export const RIGHTS_TABS: { key: RightsTab; label: string }[] = [
  { key: 'available', label: RIGHT_STATUS_LABEL.available },
  { key: 'used', label: RIGHT_STATUS_LABEL.used },
  { key: 'expired', label: RIGHT_STATUS_LABEL.expired },
  { key: 'records', label: RECORDS_TAB_LABEL },
];

export const isRightsTab = (value: string | null): value is RightsTab => RIGHTS_TABS.some((t) => t.key === value);

export interface RightsTabsProps {
  tab: RightsTab;
  /** Each status's number of rights, once the list has answered. */
  counts?: Record<RightStatus, ReactNode>;
  onSelect: (tab: RightsTab) => void;
}

/**
 * /rights's tabs by status, each with its count, and 使用记录. The page draws them before the app
 * from this component too (build/first-paint/templates.tsx, decision 0057).
 */
export function RightsTabs({ tab, counts, onSelect }: RightsTabsProps) {
  return (
    <div className="rights__tabs" role="tablist" aria-label="权益状态">
      {RIGHTS_TABS.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={`rights-tab-${t.key}`}
          aria-selected={tab === t.key}
          aria-controls="rights-panel"
          className="rights__tab"
          onClick={() => onSelect(t.key)}
        >
          {t.label}
          {t.key !== 'records' && counts && <span className="rights__tab-count">{counts[t.key]}</span>}
        </button>
      ))}
    </div>
  );
}
