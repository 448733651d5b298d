import { boot } from './boot';
import type { FirstBanners } from './home';
import type { FirstPaintTemplates } from './templates';

/** Written in by the build (build/vite-plugins/boot-scripts.ts). */
declare const __FIRST_BANNERS__: FirstBanners;
declare const __FIRST_PAINT__: FirstPaintTemplates;

boot({ banners: __FIRST_BANNERS__, templates: __FIRST_PAINT__ });
