/**
 * Envelope codes (SPEC §8, DESIGN §3). The gateway answers every request it understands
 * with HTTP 200 and one of the first four; the last three also travel as HTTP statuses.
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
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Why a call was refused with 401 (DESIGN §7 "401"), carried in `obj.reason`. */
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
} as const;

/** Replay window (DESIGN §3): a timestamp further than this from the gateway's clock is refused. */
export const REPLAY_WINDOW_MS = 5 * 60 * 1000;
