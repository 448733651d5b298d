import type { Theme } from '@contract/types';

/**
 * Our own tab icons, one set per theme (docs/product.md §2: bar one's icons follow the session theme).
 * Each set draws 'home' and 'mine' in an active and an inactive form.
 */
export type TabIconName = 'home' | 'mine';

export interface TabIconProps {
  name: TabIconName;
  theme: Theme;
  active: boolean;
}

const strokes: Record<Theme, { on: string; off: string }> = {
  standard_blue: { on: 'var(--app-color-primary)', off: '#8a94a6' },
  year_red: { on: '#d9272e', off: '#a08a7a' },
  indexNew: { on: 'var(--app-teal)', off: 'var(--app-teal-muted)' },
};

export function TabIcon({ name, theme, active }: TabIconProps) {
  const color = active ? strokes[theme].on : strokes[theme].off;
  const fill = active ? color : 'none';
  return (
    <svg className="tab-icon" viewBox="0 0 24 24" aria-hidden="true" data-theme={theme} data-active={active}>
      {name === 'home' && theme === 'year_red' && (
        <>
          <path
            d="M3 10.5 12 3l9 7.5V21H3z"
            fill={active ? '#fde8e0' : 'none'}
            stroke={color}
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="14" r="3.2" fill={fill} stroke={color} strokeWidth="1.6" />
          <path d="M12 3v-1.5M8 5.5 7 4M16 5.5l1-1.5" stroke={color} strokeWidth="1.4" strokeLinecap="round" />
        </>
      )}
      {name === 'home' && theme !== 'year_red' && (
        <>
          <path
            d={
              theme === 'indexNew' ? 'M4 10.8 12 4l8 6.8V19a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z' : 'M3 10.5 12 3l9 7.5V21H3z'
            }
            fill={active ? `${color === strokes[theme].on ? color : 'none'}` : 'none'}
            fillOpacity={active ? 0.15 : 0}
            stroke={color}
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path d="M9.5 21v-6h5v6" fill={fill} stroke={color} strokeWidth="1.8" strokeLinejoin="round" />
        </>
      )}
      {name === 'mine' && (
        <>
          <circle
            cx="12"
            cy="8"
            r="4"
            fill={active ? color : 'none'}
            fillOpacity={active ? 0.2 : 0}
            stroke={color}
            strokeWidth="1.8"
          />
          <path
            d={
              theme === 'indexNew' ? 'M4.5 20.5c0-4 3.4-6.5 7.5-6.5s7.5 2.5 7.5 6.5' : 'M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7'
            }
            fill={active ? color : 'none'}
            fillOpacity={active ? 0.2 : 0}
            stroke={color}
            strokeWidth="1.8"
            strokeLinecap="round"
          />
          {theme === 'year_red' && <path d="M12 2.5v1.6" stroke={color} strokeWidth="1.4" strokeLinecap="round" />}
        </>
      )}
    </svg>
  );
}
