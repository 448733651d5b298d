/**
 * THE route table (STYLE §1): one line per row of SPEC §2, data only.
 *
 * Where a new route goes: add one object here, in SPEC §2's order, pointing at a
 * `features/<area>/<name>-page.tsx` with a default export. `title` is DESIGN §7's Chinese
 * title (the page title becomes `title - 健康服务平台`); `keepAlive` is SPEC §2's flag (and
 * DESIGN §7's decisions for rows SPEC leaves open); `tabBar` shows bar one or bar two under
 * the screen. Redirects and the not-found row live in router.tsx.
 */
import type { ComponentType } from 'react';

export interface RouteDef {
  path: string;
  screen: () => Promise<{ default: ComponentType }>;
  title?: string;
  keepAlive?: boolean;
  tabBar?: 'one' | 'two';
}

const agreement = () => import('@/features/agreements/agreement-page');

export const routes: RouteDef[] = [
  { path: '/index', screen: () => import('@/features/home/index-page'), title: '首页', keepAlive: true, tabBar: 'one' },
  { path: '/mine', screen: () => import('@/features/mine/mine-page'), title: '我的', tabBar: 'one' },
  { path: '/agreement', screen: agreement, title: '用户协议', keepAlive: true },
  { path: '/userNotice', screen: agreement, title: '用户须知', keepAlive: true },
  { path: '/portal/agreement/user/:version', screen: agreement, title: '平台用户协议', keepAlive: true },
  { path: '/portal/agreement/thirdPartyList/:version', screen: agreement, title: '第三方共享个人信息清单', keepAlive: true },
  { path: '/privacyPolicy', screen: agreement, title: '隐私政策', keepAlive: true },
  { path: '/agreement/user/znjkpc', screen: agreement, title: '智能健康评测服务协议', keepAlive: true },
  { path: '/agreement/user/tjbgjd', screen: agreement, title: '体检报告解读服务协议', keepAlive: true },
  { path: '/agreement/user/znjkzz', screen: agreement, title: '智能健康自诊服务协议', keepAlive: true },
];

/** Any other path (SPEC §2). */
export const notFoundRoute: RouteDef = {
  path: '*',
  screen: () => import('@/features/not-found/not-found-page'),
  title: '页面不存在',
};
