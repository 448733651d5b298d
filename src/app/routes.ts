/**
 * THE route table (docs/style.md §1): one line per row of docs/product.md §2, data only; decisions 0001 and 0028.
 *
 * Where a new route goes: add one object here, in docs/product.md §2's order, pointing at a
 * `features/<area>/<name>-page.tsx` with a default export. `title` is the Chinese
 * title of docs/product.md §2.2 (the page title becomes `title - 健康服务平台`); `keepAlive` is
 * that table's flag (ours for the rows the original specification left open); `tabBar` shows bar one or bar two under
 * the screen; `auth: 'required'` shows a guest the row's `guest` view instead of the screen;
 * `variant` is what the path stands for (its screen reads it with `useRouteMeta()`, never the
 * pathname). Redirects and the not-found row live in router.tsx.
 */
import type { ComponentType } from 'react';
import type { RouteMeta } from '@/hooks/use-route-meta';
import type { LoaderName } from './route-data';

export interface RouteDef extends RouteMeta {
  screen: () => Promise<{ default: ComponentType }>;
  /** The screens most often opened from this one: their chunks load once the page has settled (app/prefetch.ts). */
  next?: readonly string[];
  /**
   * The loader (app/route-data.ts) that starts the screen's first calls (server-state's
   * `preload`, under the keys its screen reads) beside its chunk, when a navigation to it starts
   * and for the landing route; decision 0036.
   */
  load?: LoaderName;
  /**
   * A first screen, drawn by the page before the app has run (decisions 0031, 0040, 0050, 0057):
   * on its path the page asks for its chunks (and the loaders' module, for a row with a `load`)
   * right after the first paint. `'own-css'`: the page also asks for the screen's stylesheets as
   * it is parsed, render-blocking; `'inlined-css'`: the stylesheet inlined into index.html is
   * enough. The build reads it (build/first-paint/first-screens.ts).
   */
  firstPaint?: 'inlined-css' | 'own-css';
}

const mineGuest = { text: '登录后查看您的权益和服务' };
const shareGuest = { text: '登录后查看您的推广码' };
// The write-off state is not known without the record: the h1 does not claim 核销成功.
const statusGuest = { text: '登录后查看核销结果', heading: '核销结果' };
const agreement = () => import('@/features/agreements/agreement-page');

// The table reads one row per route, in docs/product.md §2's order: the formatter leaves it so.
// prettier-ignore
export const routes: RouteDef[] = [
  { path: '/index', screen: () => import('@/features/home/index-page'), auth: 'optional', title: '首页', keepAlive: true, tabBar: 'one', next: ['/mine', '/rights', '/message', '/servInform'], load: 'home', firstPaint: 'inlined-css' },
  { path: '/indexNew', screen: () => import('@/features/home/index-new-page'), auth: 'optional', variant: 'new', title: '首页', tabBar: 'two', next: ['/mineNew', '/rights', '/message', '/servInform1'], load: 'homeNew', firstPaint: 'own-css' },
  { path: '/mine', screen: () => import('@/features/mine/mine-page'), auth: 'required', guest: mineGuest, title: '我的', tabBar: 'one', next: ['/index', '/rights', '/my/info'], firstPaint: 'inlined-css' },
  { path: '/mineNew', screen: () => import('@/features/mine/mine-new-page'), auth: 'required', variant: 'new', guest: mineGuest, title: '我的', tabBar: 'two', next: ['/indexNew', '/rights', '/my/info'] },
  { path: '/login', screen: () => import('@/features/login/login-page'), auth: 'optional', title: '登录', keepAlive: true },
  { path: '/login1', screen: () => import('@/features/login/login-page'), auth: 'optional', variant: 'festive', title: '登录', keepAlive: true },
  { path: '/login2', screen: () => import('@/features/login/login-page'), auth: 'optional', variant: 'consent', title: '登录', keepAlive: true },
  { path: '/loginMn', screen: () => import('@/features/login/login-page'), auth: 'optional', variant: 'mn', title: '登录', keepAlive: true },
  { path: '/transferPage', screen: () => import('@/features/login/transfer-page'), auth: 'optional', title: '登录中', keepAlive: true },
  { path: '/transferPage1', screen: () => import('@/features/login/transfer-page'), auth: 'optional', variant: 'new', title: '登录中', keepAlive: true },
  { path: '/transferPageMn', screen: () => import('@/features/login/transfer-page'), auth: 'optional', variant: 'mn', title: '登录中', keepAlive: true },
  { path: '/evaluate', screen: () => import('@/features/evaluation/evaluate-page'), auth: 'required', guest: { text: '登录后评价您使用过的服务' }, title: '服务评价', keepAlive: true },
  { path: '/servInform', screen: () => import('@/features/services/serv-inform-page'), auth: 'optional', title: '服务详情', next: ['/servWriteOff'] },
  { path: '/servInform1', screen: () => import('@/features/services/serv-inform-new-page'), auth: 'optional', variant: 'new', title: '服务详情' },
  { path: '/servInform/look', screen: () => import('@/features/services/serv-inform-look-page'), auth: 'optional', title: '服务说明' },
  { path: '/servWriteOff', screen: () => import('@/features/write-off/serv-write-off-page'), auth: 'required', guest: { text: '登录后才能使用服务权益' }, title: '服务核销', keepAlive: true },
  { path: '/message', screen: () => import('@/features/messages/message-page'), auth: 'required', guest: { text: '登录后查看您的消息' }, title: '消息中心', keepAlive: true, load: 'notices', firstPaint: 'own-css' },
  { path: '/rights', screen: () => import('@/features/rights/rights-page'), auth: 'required', guest: { text: '登录后查看您的健康权益' }, title: '我的权益', keepAlive: true, next: ['/servWriteOff', '/evaluate'], load: 'rights', firstPaint: 'own-css' },
  { path: '/servList', screen: () => import('@/features/services/serv-list-page'), auth: 'optional', title: '服务列表', keepAlive: true },
  { path: '/index/servMore', screen: () => import('@/features/home/serv-more-page'), auth: 'optional', title: '更多服务', keepAlive: true },
  { path: '/noRights', screen: () => import('@/features/rights/no-rights-page'), auth: 'optional', title: '暂无权益', keepAlive: true },
  { path: '/noRights/ebtNoRights', screen: () => import('@/features/rights/no-rights-page'), auth: 'optional', variant: 'ebt', title: '暂无权益', keepAlive: true },
  { path: '/noRights/rybNoRights', screen: () => import('@/features/rights/no-rights-page'), auth: 'optional', variant: 'ryb', title: '暂无权益', keepAlive: true },
  { path: '/statusOne', screen: () => import('@/features/write-off/status-page'), auth: 'required', variant: 'waiting', guest: statusGuest, title: '等待核销', keepAlive: true },
  { path: '/statusTwo', screen: () => import('@/features/write-off/status-page'), auth: 'required', variant: 'success', guest: statusGuest, title: '核销成功', keepAlive: true },
  { path: '/statusThree', screen: () => import('@/features/write-off/status-page'), auth: 'required', variant: 'failed', guest: statusGuest, title: '核销失败', keepAlive: true },
  { path: '/agreement', screen: agreement, auth: 'optional', variant: 'agreement', title: '用户协议', keepAlive: true },
  { path: '/userNotice', screen: agreement, auth: 'optional', variant: 'userNotice', title: '用户须知', keepAlive: true },
  { path: '/my/info', screen: () => import('@/features/mine/my-info-page'), auth: 'required', guest: { text: '登录后查看和编辑个人信息' }, title: '个人信息', keepAlive: true },
  { path: '/share', screen: () => import('@/features/share/share-page'), auth: 'optional', title: '分享' },
  { path: '/share1', screen: () => import('@/features/share/share-page'), auth: 'optional', variant: 'new', title: '分享' },
  { path: '/loginShare', screen: () => import('@/features/login/login-share-page'), auth: 'optional', title: '登录' },
  { path: '/loginShareMn', screen: () => import('@/features/login/login-share-page'), auth: 'optional', variant: 'mn', title: '登录' },
  { path: '/my/share', screen: () => import('@/features/share/my-share-page'), auth: 'required', guest: shareGuest, title: '我的推广码' },
  { path: '/my/shareNew', screen: () => import('@/features/share/my-share-page'), auth: 'required', variant: 'new', guest: shareGuest, title: '我的推广码' },
  { path: '/portal/agreement/user/:version', screen: agreement, auth: 'optional', variant: 'user', title: '平台用户协议', keepAlive: true },
  { path: '/portal/agreement/thirdPartyList/:version', screen: agreement, auth: 'optional', variant: 'thirdPartyList', title: '第三方共享个人信息清单', keepAlive: true },
  { path: '/privacyPolicy', screen: agreement, auth: 'optional', variant: 'privacyPolicy', title: '隐私政策', keepAlive: true },
  { path: '/agreement/user/znjkpc', screen: agreement, auth: 'optional', variant: 'znjkpc', title: '智能健康评测服务协议', keepAlive: true },
  { path: '/agreement/user/tjbgjd', screen: agreement, auth: 'optional', variant: 'tjbgjd', title: '体检报告解读服务协议', keepAlive: true },
  { path: '/agreement/user/znjkzz', screen: agreement, auth: 'optional', variant: 'znjkzz', title: '智能健康自诊服务协议', keepAlive: true },
];

/** Any other path (docs/product.md §2). */
export const notFoundRoute: RouteDef = {
  path: '*',
  screen: () => import('@/features/not-found/not-found-page'),
  auth: 'optional',
  title: '页面不存在',
};
