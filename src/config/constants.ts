/** docs/product.md §9 business constants. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 2000;
export const DEFAULT_INDEX_CODE = 'index';
export const COOKIE_PATH = '/';
export const TOKEN_COOKIE = 'token';
export const DEFAULT_THEME = 'standard_blue';
/** Root font size is a tenth of the width, width capped at this (docs/product.md §9). */
export const MAX_LAYOUT_WIDTH = 540;
/** Customer service line shown on no-rights and error screens (docs/product.md §11.1, demo). */
export const SERVICE_PHONE = '400-820-8820';

/** The rows a list's skeleton has unless it says otherwise (index.html draws them too, decision 0050). */
export const SKELETON_ROWS = { rows: 4, rowHeight: 72 } as const;
