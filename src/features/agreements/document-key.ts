/** Which document of agreements.json a path shows. */
export function documentKey(pathname: string): string | undefined {
  if (pathname.startsWith('/portal/agreement/user/')) return 'user';
  if (pathname.startsWith('/portal/agreement/thirdPartyList/')) return 'thirdPartyList';
  const fixed: Record<string, string> = {
    '/agreement': 'agreement',
    '/userNotice': 'userNotice',
    '/privacyPolicy': 'privacyPolicy',
    '/agreement/user/znjkpc': 'znjkpc',
    '/agreement/user/tjbgjd': 'tjbgjd',
    '/agreement/user/znjkzz': 'znjkzz',
  };
  return fixed[pathname];
}

/** DESIGN §7's route title of each document, keyed as documentKey answers. */
const DOCUMENT_TITLES: Record<string, string> = {
  user: '平台用户协议',
  thirdPartyList: '第三方共享个人信息清单',
  agreement: '用户协议',
  userNotice: '用户须知',
  privacyPolicy: '隐私政策',
  znjkpc: '智能健康评测服务协议',
  tjbgjd: '体检报告解读服务协议',
  znjkzz: '智能健康自诊服务协议',
};

/**
 * The page's h1 while its document is not shown (loading, a load error): the route's title.
 * Once the document shows, its own title (agreements.json) is the h1.
 */
export function documentTitle(key: string | undefined): string {
  return (key && DOCUMENT_TITLES[key]) || '平台协议';
}
