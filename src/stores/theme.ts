import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { THEMES, type Theme } from '@contract/types';
import { DEFAULT_THEME } from '@/config/constants';

/** The session theme (SPEC §2: kept in the session; standard_blue by default). */
interface ThemeState {
  theme: Theme;
}

export const useThemeStore = create<ThemeState>()(
  persist(() => ({ theme: DEFAULT_THEME as Theme }), {
    name: 'theme',
    version: 1,
    storage: createJSONStorage(() => sessionStorage),
    merge: (persisted, current) => {
      const theme = (persisted as Partial<ThemeState> | undefined)?.theme;
      return theme && THEMES.includes(theme) ? { theme } : current;
    },
  }),
);

/** The theme for this session changed (indexConfig, or ckNew's `theme`). */
export function themeChanged(theme: Theme): void {
  if (THEMES.includes(theme) && useThemeStore.getState().theme !== theme) {
    useThemeStore.setState({ theme });
  }
}
