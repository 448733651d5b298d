/**
 * SPEC §5 rules and messages, shared by the address form, the SSO page and the gateway.
 */

/** Mainland mobile, optionally prefixed 86 or +86 (SPEC §5). */
export const MOBILE_PATTERN = /^(?:\+?86)?1\d{10}$/;
/** Landline: starts with 0, 11 to 14 digits or hyphens in all (SPEC §5). */
export const LANDLINE_PATTERN = /^0[\d-]{10,13}$/;

/** SPEC §5's phone rule: a mobile or a landline. */
export const isValidPhone = (value: string) =>
  MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value);

/** The SSO page takes mobile numbers only (DESIGN §3). */
export const isValidMobile = (value: string) => MOBILE_PATTERN.test(value);

/** HH:MM:SS, hours 00-23, minutes and seconds 00-59 (SPEC §5; no screen takes a time yet). */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** Strips an optional 86 / +86 prefix: the 11-digit number the gateway stores. */
export const normalizeMobile = (value: string) => value.replace(/^\+?86(?=1\d{10}$)/, '');

/** Masks a mobile for display: 138****8000. */
export const maskPhone = (value: string) =>
  value.length === 11 ? `${value.slice(0, 3)}****${value.slice(7)}` : value;

export const Messages = {
  nameRequired: '请填写姓名',
  phoneInvalid: '请填写正确的电话',
  areaRequired: '请选择地区',
  detailRequired: '请填写详细地址',
  detailTooLong: '详细地址不能超过200个字',
  mobileInvalid: '请填写正确的手机号',
  smsCodeInvalid: '请填写6位数字验证码',
  scoreRequired: '请选择评分',
  contentTooLong: '评价内容不能超过200个字',
  nicknameInvalid: '昵称需为1-20个字',
} as const;

export const ADDRESS_DETAIL_MAX = 200;
export const EVALUATION_CONTENT_MAX = 200;
export const NICKNAME_MAX = 20;
export const ADDRESS_MAX_COUNT = 10;
/** Decoded avatar size limit (DESIGN §3). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The portal resizes avatars to this edge before upload (DESIGN §3). */
export const AVATAR_MAX_EDGE = 512;
