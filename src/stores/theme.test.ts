import type { Theme } from '@contract/types';
import { indexCodeThemeShown, initialThemeState, loginThemeReturned, useThemeStore } from './theme';

/** A reload: the in-memory state is gone, sessionStorage holds `stored`. */
async function reloadWith(stored: unknown) {
  useThemeStore.setState({ ...initialThemeState });
  sessionStorage.setItem('theme', JSON.stringify({ state: stored, version: 1 }));
  await useThemeStore.persist.rehydrate();
  return useThemeStore.getState();
}

describe('session theme (docs/product.md §2, decision 0011)', () => {
  it('is standard_blue, not from a login, by default', () => {
    expect(useThemeStore.getState()).toMatchObject({ theme: 'standard_blue', fromLogin: false });
  });

  it("takes a home's indexCode theme until a login gives one", () => {
    indexCodeThemeShown('year_red');
    expect(useThemeStore.getState()).toMatchObject({ theme: 'year_red', fromLogin: false });
    loginThemeReturned('indexNew');
    expect(useThemeStore.getState()).toMatchObject({ theme: 'indexNew', fromLogin: true });
    indexCodeThemeShown('year_red');
    expect(useThemeStore.getState().theme).toBe('indexNew');
  });

  it('ignores a theme it does not know', () => {
    indexCodeThemeShown('purple' as Theme);
    loginThemeReturned('purple' as Theme);
    expect(useThemeStore.getState()).toMatchObject({ theme: 'standard_blue', fromLogin: false });
  });

  it('does not write the store when the home shows the theme it already has', () => {
    const before = useThemeStore.getState();
    indexCodeThemeShown('standard_blue');
    expect(useThemeStore.getState()).toBe(before);
  });

  it('is kept in sessionStorage and read back after a reload', async () => {
    loginThemeReturned('year_red');
    expect(JSON.parse(sessionStorage.getItem('theme')!)).toEqual({
      state: { theme: 'year_red', fromLogin: true },
      version: 1,
    });
    expect(localStorage.getItem('theme')).toBeNull();
    expect(await reloadWith({ theme: 'year_red', fromLogin: true })).toMatchObject({
      theme: 'year_red',
      fromLogin: true,
    });
    expect(await reloadWith({ theme: 'indexNew' })).toMatchObject({ theme: 'indexNew', fromLogin: false });
    expect(await reloadWith({ theme: 'indexNew', fromLogin: 'yes' })).toMatchObject({
      theme: 'indexNew',
      fromLogin: false,
    });
  });

  it('reads a stored theme it does not know, or none, as the default', async () => {
    expect(await reloadWith({ theme: 'purple', fromLogin: true })).toMatchObject({
      theme: 'standard_blue',
      fromLogin: false,
    });
    expect(await reloadWith({ fromLogin: true })).toMatchObject({ theme: 'standard_blue', fromLogin: false });
    expect(await reloadWith(null)).toMatchObject({ theme: 'standard_blue', fromLogin: false });
  });

  it('finishes reading a session that stored nothing, with the default theme', async () => {
    sessionStorage.clear();
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.persist.hasHydrated()).toBe(true);
    expect(useThemeStore.getState()).toEqual(initialThemeState);
  });
});
