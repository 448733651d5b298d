/** The classic screens that have a new-theme counterpart (docs/product.md §2, docs/product.md §2.7). */
const NEW_THEME_COUNTERPART: Record<string, string> = {
  '/index': '/indexNew',
  '/mine': '/mineNew',
  '/servInform': '/servInform1',
  '/share': '/share1',
  '/my/share': '/my/shareNew',
};

/**
 * A link from a new-theme screen: a classic screen becomes its new-theme counterpart where one
 * exists (query and hash kept), so a new-theme visitor stays in the new theme. Other paths are
 * returned as they are.
 */
export function newThemePath(path: string): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const counterpart = NEW_THEME_COUNTERPART[pathname];
  return counterpart ? `${counterpart}${end === -1 ? '' : path.slice(end)}` : path;
}
