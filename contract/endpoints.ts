/**
 * Every path the portal calls (SPEC §7) and our extensions (DESIGN §3), written once.
 * The portal, the msw handlers and the gateway import these; a renamed path breaks all three.
 */

/** Prefix A: the company gateway's user service (SPEC §7). */
export const A = '/gateway/user';
/** Prefix B: the user cloud (SPEC §7). */
export const B = '/user-cloud';

export const endpoints = {
  // SPEC §7
  noticeList: `${A}/noticeInfo/list`,
  noticeListB: `${B}/noticeInfo/list`,
  noticeCount: `${A}/noticeInfo/count`,
  noticeReadAll: `${A}/noticeInfo/read/all`,
  /** Extension: PUT marks one notice read when it is opened (DESIGN §3 names no single-read call). */
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
  // DESIGN §3 extensions
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

/** Static configuration files under /jsons (SPEC §7), served unenveloped. */
export const jsonFile = (name: string) => `/jsons/${name}.json`;

/** Request header names of SPEC §7. */
export const Header = {
  nonce: 'nonce',
  timestamp: 'timestamp',
  clientType: 'clientType',
  clientVersion: 'clientVersion',
  authorization: 'Authorization',
  adminKey: 'X-Admin-Key',
} as const;

/** SPEC §9 constants. */
export const CLIENT_TYPE = 'H5';
export const CLIENT_VERSION = '2.2.1';
/** Page size cap of every paged list (DESIGN §3). */
export const MAX_PAGE_SIZE = 50;
