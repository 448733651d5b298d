/**
 * Every path the portal calls (docs/product.md §7) and our extensions (docs/product.md §7.6), written once.
 * The portal, the msw handlers and the gateway import these; a renamed path breaks all three.
 */

/** Prefix A: the company gateway's user service (docs/product.md §7). */
export const A = '/gateway/user';
/** Prefix B: the user cloud (docs/product.md §7). */
export const B = '/user-cloud';

export const endpoints = {
  // docs/product.md §7
  noticeList: `${A}/noticeInfo/list`,
  noticeListB: `${B}/noticeInfo/list`,
  noticeCount: `${A}/noticeInfo/count`,
  noticeReadAll: `${A}/noticeInfo/read/all`,
  /** Extension: PUT marks one notice read when it is opened (docs/product.md §7.6 names no single-read call). */
  noticeReadOne: `${A}/noticeInfo/read/one`,
  consumeCount: `${A}/permConsume/count`,
  consumeList: `${A}/permConsume/list`,
  portalGetMore: `${A}/portalIndex/getMore`,
  updateHead: `${A}/authUserMain/updateHead`,
  sendMq: `${B}/md/sendMq`,
  evaluate: `${A}/permConsume/evaluate`,
  wxinfo: `${A}/login/rui/wxinfo`,
  loginCk: `${B}/login/rui/ck`,
  loginCkNew: `${B}/login/rui/ckNew`,
  unbind: `${A}/login/unbind`,
  agreement: `${A}/userAgreement/`,
  agreementAgree: `${A}/userAgreement/agree`,
  // docs/product.md §7.6 extensions
  rightsList: `${A}/rights/list`,
  writeOff: `${A}/permConsume/writeOff`,
  consumeDetail: `${A}/permConsume/detail`,
  addressList: `${A}/userAddress/list`,
  addressSave: `${A}/userAddress/save`,
  addressDelete: `${A}/userAddress/delete`,
  updateInfo: `${A}/authUserMain/updateInfo`,
  adminWriteOffConfirm: '/admin/writeOff/confirm',
  /** Whom a customer's first login was attributed to (decision 0025). */
  adminAttribution: '/admin/attribution',
  ssoLogin: '/sso/login',
  ssoSms: '/sso/sms',
} as const;

/** Static configuration files under /jsons (docs/product.md §7), served unenveloped. */
export const jsonFile = (name: string) => `/jsons/${name}.json`;

/** Request header names of docs/product.md §7. */
export const Header = {
  nonce: 'nonce',
  timestamp: 'timestamp',
  clientType: 'clientType',
  clientVersion: 'clientVersion',
  authorization: 'Authorization',
  adminKey: 'X-Admin-Key',
} as const;

/** docs/product.md §9 constants. */
export const CLIENT_TYPE = 'H5';
export const CLIENT_VERSION = '2.2.1';
/** Page size cap of every paged list (docs/product.md §7.3). */
export const MAX_PAGE_SIZE = 50;
