import { notFoundRoute, routes } from './routes';

/**
 * The route table against docs/product.md §2.2 (paths, titles, keep-alive flags, including
 * the rows the original specification left open). tests/e2e/routes.e2e.ts opens every row
 * in a browser; this catches a typo without one.
 */
// [path, title, keepAlive, tabBar]
const expected: [string, string, boolean, ('one' | 'two')?][] = [
  ['/index', '首页', true, 'one'],
  ['/indexNew', '首页', false, 'two'],
  ['/mine', '我的', false, 'one'],
  ['/mineNew', '我的', false, 'two'],
  ['/login', '登录', true],
  ['/login1', '登录', true],
  ['/login2', '登录', true],
  ['/loginMn', '登录', true],
  ['/transferPage', '登录中', true],
  ['/transferPage1', '登录中', true],
  ['/transferPageMn', '登录中', true],
  ['/evaluate', '服务评价', true],
  ['/servInform', '服务详情', false],
  ['/servInform1', '服务详情', false],
  ['/servInform/look', '服务说明', false],
  ['/servWriteOff', '服务核销', true],
  ['/message', '消息中心', true],
  ['/rights', '我的权益', true],
  ['/servList', '服务列表', true],
  ['/index/servMore', '更多服务', true],
  ['/noRights', '暂无权益', true],
  ['/noRights/ebtNoRights', '暂无权益', true],
  ['/noRights/rybNoRights', '暂无权益', true],
  ['/statusOne', '等待核销', true],
  ['/statusTwo', '核销成功', true],
  ['/statusThree', '核销失败', true],
  ['/agreement', '用户协议', true],
  ['/userNotice', '用户须知', true],
  ['/my/info', '个人信息', true],
  ['/share', '分享', false],
  ['/share1', '分享', false],
  ['/loginShare', '登录', false],
  ['/loginShareMn', '登录', false],
  ['/my/share', '我的推广码', false],
  ['/my/shareNew', '我的推广码', false],
  ['/portal/agreement/user/:version', '平台用户协议', true],
  ['/portal/agreement/thirdPartyList/:version', '第三方共享个人信息清单', true],
  ['/privacyPolicy', '隐私政策', true],
  ['/agreement/user/znjkpc', '智能健康评测服务协议', true],
  ['/agreement/user/tjbgjd', '体检报告解读服务协议', true],
  ['/agreement/user/znjkzz', '智能健康自诊服务协议', true],
];

describe('route table (docs/product.md §2, docs/product.md §2.2)', () => {
  it('has every docs/product.md §2 path, in order, and no other', () => {
    expect(routes.map((r) => r.path)).toEqual(expected.map(([path]) => path));
  });

  it.each(expected)('%s: title %s, keep-alive %s, tab bar %s', (path, title, keepAlive, tabBar) => {
    const route = routes.find((r) => r.path === path)!;
    expect(route.title).toBe(title);
    expect(Boolean(route.keepAlive)).toBe(keepAlive);
    expect(route.tabBar).toBe(tabBar);
  });

  it('titles the not-found screen 页面不存在', () => {
    expect(notFoundRoute).toMatchObject({ path: '*', title: '页面不存在' });
  });
});
