import type { BootHooks } from './globals';
import type { FirstBanners } from './home';
import { bootHome } from './home';
import { bootIndexNew } from './index-new';
import { drawMineHeader } from './mine-header';
import { drawNotices } from './notices';
import { afterPaint, preparePage } from './page';
import { drawRights } from './rights';
import type { FirstPaintTemplates } from './templates';

/** What the build gives the boot module: the configuration's first banners and the templates. */
export interface BootInput {
  banners: FirstBanners;
  templates: FirstPaintTemplates;
}

/**
 * Everything that runs before the app (decision 0057), in index.html's head as the page is
 * parsed: the page's font size and skeleton, then the drawing of the path's screen, each
 * returning at once on another path. The page's own scripts and the build's loader reach it
 * through `window.__boot`.
 */
export function boot({ banners, templates }: BootInput): void {
  preparePage();
  const hooks: BootHooks = { afterPaint };
  window.__boot = hooks;
  bootHome(hooks, banners, templates);
  bootIndexNew(hooks, banners, templates);
  drawNotices(hooks, templates);
  drawRights(hooks, templates);
  drawMineHeader(hooks, templates);
}
