import { preload } from '@/hooks/server-state';
import { readIndexCode } from '@/lib/index-code';
import { homeKey, loadHome, preferNewTheme } from './use-home-config';

/**
 * The homes' route loader (decision 0036): the configuration starts beside the screen's chunk
 * (the landing home's files are index.html's early fetch's: the router does not call it then).
 * A module of its own, outside the shell chunk, which carries the first screen.
 */
export function loadHomeConfig(url: URL, newTheme: boolean): void {
  const indexCode = readIndexCode(url.searchParams.get('indexCode'));
  preload(homeKey(indexCode, newTheme), () => loadHome(indexCode, newTheme ? preferNewTheme(indexCode) : undefined));
}
