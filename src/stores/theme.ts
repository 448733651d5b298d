import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_THEME } from '@/config/constants';
import { type Theme, THEMES } from '@contract/types';

/**
 * The session theme (docs/product.md §2: kept in the session; standard_blue by default). docs/product.md §2.7:
 * ckNew's `theme` when it returned one, else the indexCode's theme, else standard_blue; so
 * once a login set it, the homes' indexCode themes no longer replace it (decision 0011).
 */
interface ThemeState {
  theme: Theme;
  /** The theme came from ckNew during this session. */
  fromLogin: boolean;
}

export const initialThemeState: ThemeState = { theme: DEFAULT_THEME as Theme, fromLogin: false };

export const useThemeStore = create<ThemeState>()(
  persist(() => ({ ...initialThemeState }), {
    name: 'theme',
    version: 1,
    storage: createJSONStorage(() => sessionStorage),
    merge: (persisted, current) => {
      const p = persisted as Partial<ThemeState> | undefined;
      return p?.theme && THEMES.includes(p.theme) ? { theme: p.theme, fromLogin: p.fromLogin === true } : current;
    },
  }),
);

/** A home showed its indexCode's theme: the session takes it unless ckNew gave one. */
export function indexCodeThemeShown(theme: Theme): void {
  const state = useThemeStore.getState();
  if (THEMES.includes(theme) && !state.fromLogin && state.theme !== theme) useThemeStore.setState({ theme });
}

/** ckNew returned a theme: it is the session's from now on. */
export function loginThemeReturned(theme: Theme): void {
  if (THEMES.includes(theme)) useThemeStore.setState({ theme, fromLogin: true });
}
