import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexConfig } from '../../contract/types.ts';
import type { FirstBanners } from '../../src/boot/home.ts';

/**
 * The first banner of each indexCode, from the build's own `public/jsons/indexConfig.json`, for
 * the boot module (decision 0031): `{code: {title, theme, banners: [{title, subtitle, tone}]}}`,
 * so the home's largest text paints with the HTML, before the file itself has been fetched
 * (/indexNew's header shows the entry's title, decision 0040). The fetched file has the last word.
 */
export function firstBanners(root = process.cwd()): FirstBanners {
  return firstBannersOf(
    JSON.parse(readFileSync(path.join(root, 'public/jsons/indexConfig.json'), 'utf8')) as IndexConfig,
  );
}

/** Each indexCode's first banner in `config`, as `firstBanners` reads them from the build's file. */
export function firstBannersOf(config: IndexConfig): FirstBanners {
  return Object.fromEntries(
    Object.entries(config)
      .filter(([, entry]) => entry.banners.length > 0)
      .map(([code, { title, theme, banners }]) => {
        const [{ title: first, subtitle, tone }] = banners;
        return [code, { title, theme, banners: [{ title: first, subtitle, tone }] }];
      }),
  );
}
