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
