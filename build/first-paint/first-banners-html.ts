import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexConfig } from '../../contract/types.ts';
import { scriptJson } from './script-json.ts';

/**
 * The first banner of each indexCode, from the build's own `public/jsons/indexConfig.json`, for
 * index.html's boot skeleton (decision 0031): the inline scripts' `__FIRST_BANNERS__` becomes
 * `{code: {title, theme, banners: [{title, subtitle, tone}]}}`, so the home's largest text paints
 * with the HTML, before the file itself has been fetched (/indexNew's header shows the entry's
 * title, decision 0040). The fetched file still has the last word.
 */
export function firstBannersInHtml(html: string, root = process.cwd()): string {
  const config = JSON.parse(readFileSync(path.join(root, 'public/jsons/indexConfig.json'), 'utf8')) as IndexConfig;
  const banners = Object.fromEntries(
    Object.entries(config)
      .filter(([, entry]) => entry.banners.length > 0)
      .map(
        ([
          code,
          {
            title,
            theme,
            banners: [first],
          },
        ]) => [code, { title, theme, banners: [{ title: first.title, subtitle: first.subtitle, tone: first.tone }] }],
      ),
  );
  // A function, not a string, as the replacement: `$'`, `$&` or `$$` in a title stay text.
  const json = scriptJson(banners);
  return html.replaceAll('__FIRST_BANNERS__', () => json);
}
