/**
 * docs/product.md §5 rules and messages, shared by the address form, the SSO page and the gateway.
 */

/** Mainland mobile, optionally prefixed 86 or +86 (docs/product.md §5). */
export const MOBILE_PATTERN = /^(?:\+?86)?1\d{10}$/;
/** Landline: starts with 0, 11 to 14 digits or hyphens in all (docs/product.md §5). */
export const LANDLINE_PATTERN = /^0[\d-]{10,13}$/;

/** docs/product.md §5's phone rule: a mobile or a landline. */
export const isValidPhone = (value: string) => MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value);

/** The SSO page takes mobile numbers only (docs/product.md §7.6). */
export const isValidMobile = (value: string) => MOBILE_PATTERN.test(value);

/** HH:MM:SS, hours 00-23, minutes and seconds 00-59 (docs/product.md §5; no screen takes a time yet). */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** Strips an optional 86 / +86 prefix: the 11-digit number the gateway stores. */
export const normalizeMobile = (value: string) => value.replace(/^\+?86(?=1\d{10}$)/, '');

/** Masks a mobile for display: 138****8000. */
export const maskPhone = (value: string) => (value.length === 11 ? `${value.slice(0, 3)}****${value.slice(7)}` : value);

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

/**
 * What text a customer stores (nickname, address, evaluation) may not hold (docs/product.md §12.10): C0 and C1 control characters (ESC, NUL…), bidi marks, embeddings,
 * overrides and isolates (U+200E/F, U+202A–U+202E, U+2066–U+2069: they reorder what the next
 * reader sees), and UTF-16 surrogates without their pair. Tab and line breaks are C0 too; only
 * multi-line text keeps them.
 */
const HIDDEN_CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_CONTROL = /[\t\n\r]/;
/** Whitespace and the zero-width characters U+200B–U+200D, U+2060, U+FEFF. */
const INVISIBLE_ONLY = /^[\s\u200b-\u200d\u2060\ufeff]+$/;

/** Whether `value` holds a character stored text may not hold (see HIDDEN_CONTROL). */
export const hasHiddenControl = (value: string, multiline = false) =>
  HIDDEN_CONTROL.test(value) || (!multiline && LINE_CONTROL.test(value));

/** Whether `value` is not empty yet shows nothing: only whitespace and zero-width characters. */
export const isInvisibleOnly = (value: string) => INVISIBLE_ONLY.test(value);

/** The messages of such text, named by its field (`昵称`, `详细地址`…). */
export const TextMessages = {
  hiddenControl: (field: string) => `${field}不能包含控制字符或文字方向符`,
  invisibleOnly: (field: string) => `${field}不能只有空格或不可见字符`,
} as const;

export const ADDRESS_DETAIL_MAX = 200;
export const EVALUATION_CONTENT_MAX = 200;
export const NICKNAME_MAX = 20;
export const ADDRESS_MAX_COUNT = 10;
/** Decoded avatar size limit (docs/product.md §7.5). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The portal resizes avatars to this edge before upload (docs/product.md §7.5). */
export const AVATAR_MAX_EDGE = 512;
