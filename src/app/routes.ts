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
  { path: '/indexNew', screen: () => import('@/features/home/index-new-page'), title: '首页', tabBar: 'two' },
  { path: '/mine', screen: () => import('@/features/mine/mine-page'), title: '我的', tabBar: 'one' },
  { path: '/mineNew', screen: () => import('@/features/mine/mine-new-page'), title: '我的', tabBar: 'two' },
  { path: '/login', screen: () => import('@/features/login/login-page'), title: '登录', keepAlive: true },
  { path: '/login1', screen: () => import('@/features/login/login-page'), title: '登录', keepAlive: true },
  { path: '/login2', screen: () => import('@/features/login/login-page'), title: '登录', keepAlive: true },
  { path: '/loginMn', screen: () => import('@/features/login/login-page'), title: '登录', keepAlive: true },
  { path: '/transferPage', screen: () => import('@/features/login/transfer-page'), title: '登录中', keepAlive: true },
  { path: '/transferPage1', screen: () => import('@/features/login/transfer-page'), title: '登录中', keepAlive: true },
  { path: '/transferPageMn', screen: () => import('@/features/login/transfer-page'), title: '登录中', keepAlive: true },
  { path: '/evaluate', screen: () => import('@/features/evaluation/evaluate-page'), title: '服务评价', keepAlive: true },
  { path: '/servInform', screen: () => import('@/features/services/serv-inform-page'), title: '服务详情' },
  { path: '/servInform1', screen: () => import('@/features/services/serv-inform-new-page'), title: '服务详情' },
  { path: '/servInform/look', screen: () => import('@/features/services/serv-inform-look-page'), title: '服务说明' },
  { path: '/servWriteOff', screen: () => import('@/features/write-off/serv-write-off-page'), title: '服务核销', keepAlive: true },
  { path: '/message', screen: () => import('@/features/messages/message-page'), title: '消息中心', keepAlive: true },
  { path: '/rights', screen: () => import('@/features/rights/rights-page'), title: '我的权益', keepAlive: true },
  { path: '/servList', screen: () => import('@/features/services/serv-list-page'), title: '服务列表', keepAlive: true },
  { path: '/index/servMore', screen: () => import('@/features/home/serv-more-page'), title: '更多服务', keepAlive: true },
  { path: '/noRights', screen: () => import('@/features/rights/no-rights-page'), title: '暂无权益', keepAlive: true },
  { path: '/noRights/ebtNoRights', screen: () => import('@/features/rights/no-rights-page'), title: '暂无权益', keepAlive: true },
  { path: '/noRights/rybNoRights', screen: () => import('@/features/rights/no-rights-page'), title: '暂无权益', keepAlive: true },
  { path: '/statusOne', screen: () => import('@/features/write-off/status-page'), title: '等待核销', keepAlive: true },
  { path: '/statusTwo', screen: () => import('@/features/write-off/status-page'), title: '核销成功', keepAlive: true },
  { path: '/statusThree', screen: () => import('@/features/write-off/status-page'), title: '核销失败', keepAlive: true },
  { path: '/agreement', screen: agreement, title: '用户协议', keepAlive: true },
  { path: '/userNotice', screen: agreement, title: '用户须知', keepAlive: true },
  { path: '/my/info', screen: () => import('@/features/mine/my-info-page'), title: '个人信息', keepAlive: true },
  { path: '/share', screen: () => import('@/features/share/share-page'), title: '分享' },
  { path: '/share1', screen: () => import('@/features/share/share-page'), title: '分享' },
  { path: '/loginShare', screen: () => import('@/features/login/login-share-page'), title: '登录' },
  { path: '/loginShareMn', screen: () => import('@/features/login/login-share-page'), title: '登录' },
  { path: '/my/share', screen: () => import('@/features/share/my-share-page'), title: '我的推广码' },
  { path: '/my/shareNew', screen: () => import('@/features/share/my-share-page'), title: '我的推广码' },
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
