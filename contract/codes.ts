/**
 * Envelope codes (docs/product.md §8, docs/product.md §7.3). The gateway answers every request it understands
 * with HTTP 200 and one of the first four; the last four also travel as HTTP statuses.
 */
export const Code = {
  /** Success: the response is passed through. */
  ok: 200,
  /** Not logged in, token unknown or expired, stale timestamp or reused nonce. */
  unauthorized: 401,
  /** Unexpected server fault; `desc` is generic, details only in the gateway's log. */
  serverError: 500,
  /** A business rule refused the request; `desc` is a Chinese sentence for the user. */
  businessError: 10001,
  /** HTTP 400: the body is not valid JSON / form. */
  badRequest: 400,
  /** HTTP 404: no such path. */
  notFound: 404,
  /** HTTP 413: the body is larger than the route accepts. */
  tooLarge: 413,
  /** HTTP 431: the request line and headers are larger than Node's HTTP parser accepts (16 KB by default). */
  headersTooLarge: 431,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Why a call was refused with 401 (docs/product.md §8.3), carried in `obj.reason`. */
export type UnauthorizedReason = 'no-token' | 'token-expired' | 'clock' | 'replay';

/** Chinese texts the gateway puts in `desc` for the fixed outcomes. */
export const Desc = {
  ok: '成功',
  noToken: '请先登录',
  tokenExpired: '登录已过期，请重新登录',
  clock: '设备时间异常，请校准后重试',
  replay: '请求重复，请稍后重试',
  serverError: '服务繁忙，请稍后重试',
  badRequest: '请求格式错误',
  notFound: '请求的地址不存在',
  tooLarge: '请求内容过大',
  headersTooLarge: '请求头过大',
} as const;

/** Replay window (docs/product.md §7.4): a timestamp further than this from the gateway's clock is refused. */
export const REPLAY_WINDOW_MS = 5 * 60 * 1000;

/** Tokens live 7 days (docs/product.md §11.2); a login result says so in `expiresIn` (decision 0023). */
export const TOKEN_TTL_DAYS = 7;
export const TOKEN_TTL_SECONDS = TOKEN_TTL_DAYS * 24 * 60 * 60;

/**
 * Chinese `desc` of the 10001 answers whose wording is not a schema message (added for the
 * gateway; the msw handlers use the same texts so the contract cases agree).
 */
export const BizDesc = {
  ticketInvalid: '登录凭证已失效，请重新登录',
  consumeNotFound: '服务记录不存在',
  notEvaluable: '该服务尚未完成核销，暂不能评价',
  alreadyEvaluated: '该服务已评价',
  rightNotFound: '权益不存在',
  rightExpired: '权益已过期',
  rightUsedUp: '权益次数已用完',
  codeNotFound: '核销码不存在',
  codeUsed: '核销码已使用',
  codeExpired: '核销码已过期',
  addressNotFound: '地址不存在',
  addressLimit: '最多保存10个地址',
  avatarInvalid: '头像须为JPG、PNG或WebP图片',
  avatarTooLarge: '头像图片不能超过2MB',
  wxBoundElsewhere: '该微信已绑定其他账号',
  wxNotVouched: '微信授权无效，请重新授权登录',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  smsIpLimit: '当前网络发送验证码过于频繁，请稍后再试',
  smsCodeWrong: '验证码错误，请重新输入',
  smsCodeExpired: '验证码已失效，请重新获取',
  smsTooManyAttempts: '验证码错误次数过多，请重新获取',
  smsPhoneLocked: '该手机号验证码错误次数过多，请24小时后再试',
  redirectNotAllowed: '回跳地址不在允许范围内',
  ssoCrossSite: '请在本登录页提交，其他网站发起的登录已被拒绝',
  ssoFormInvalid: '登录信息不完整，请重新提交',
  ssoAgreementRequired: '请先阅读并同意《平台用户协议》和《隐私政策》',
  adminKeyInvalid: '管理密钥不正确',
  sendMqBudget: '事件上报过于频繁，请稍后再试',
  inputInvalid: '请求参数不正确',
} as const;

/** The 10001 `desc` of a code asked for again too soon: the seconds still to wait. */
export const smsTooFrequent = (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`;
