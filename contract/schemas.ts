/**
 * Request schemas (zod) the gateway enforces and the portal and msw reuse. Every message is
 * the Chinese sentence the user sees in `desc` (docs/product.md §7.3: 10001 on a refused input).
 */
import { BizDesc } from './codes';
import { MAX_PAGE_SIZE } from './endpoints';
import { storedText } from './form-schemas';
import { RUM_ERROR_KINDS, RUM_MAX_CLS, RUM_MAX_MS, RUM_VITALS } from './rum';
import { EVALUATION_CONTENT_MAX, isValidMobile, Messages } from './validation';
import { z } from './zod';

// The forms' bodies live apart so that the portal builds only them (decision 0046).
export { addressBody, updateInfoBody } from './form-schemas';

/** A query's integer is plain decimal digits: not '', ' 1', '0x10', '1e1' (read as 0, 16, 10). */
const decimal = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v);

const intFrom = (message: string, min: number) =>
  z.preprocess(decimal, z.number({ error: message }).int({ error: message }).min(min, { error: message }));

/** `pageNum` from 1, `pageSize` 1..∞ clamped to 50 (docs/product.md §11.2). */
export const pageQuery = z.object({
  pageNum: intFrom('页码必须是正整数', 1).default(1),
  pageSize: intFrom('每页条数必须是正整数', 1)
    .default(10)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
});

export const noticeListQuery = pageQuery.extend({
  readFlag: z.preprocess(decimal, z.union([z.literal(0), z.literal(1)], { error: '阅读状态只能是0或1' })).optional(),
});

export const consumeListQuery = pageQuery.extend({
  evaluateStatus: z
    .preprocess(decimal, z.union([z.literal(0), z.literal(1)], { error: '评价状态只能是0或1' }))
    .optional(),
});

export const idQuery = z.object({
  id: intFrom('缺少记录编号', 1),
});

export const rightsListQuery = z.object({
  status: z.enum(['available', 'used', 'expired'], { error: '权益状态不正确' }).optional(),
  productLine: z.enum(['std', 'ebt', 'ryb'], { error: '产品线不正确' }).optional(),
});

export const getMoreQuery = z.object({
  indexCode: z
    .string({ error: '缺少首页编码' })
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: '首页编码不正确' })
    .default('index'),
});

export const evaluateBody = z.object({
  consumeId: z.number({ error: '缺少服务记录' }).int().positive({ error: '缺少服务记录' }),
  score: z
    .number({ error: Messages.scoreRequired })
    .int({ error: Messages.scoreRequired })
    .min(1, { error: Messages.scoreRequired })
    .max(5, { error: '评分只能是1到5星' }),
  content: storedText(
    z.string({ error: '评价内容格式不正确' }).max(EVALUATION_CONTENT_MAX, { error: Messages.contentTooLong }),
    '评价内容',
    true,
  ).default(''),
  tags: z
    .array(storedText(z.string().min(1).max(12), '评价标签'), { error: '评价标签格式不正确' })
    .max(6, { error: '评价标签最多6个' })
    .default([]),
});

export const writeOffBody = z.object({
  rightId: z.number({ error: '缺少权益编号' }).int().positive({ error: '缺少权益编号' }),
});

export const adminConfirmBody = z.object({
  writeOffCode: z.string({ error: '缺少核销码' }).regex(/^\d{12}$/, { error: '核销码为12位数字' }),
  providerName: storedText(
    z
      .string({ error: '缺少服务商名称' })
      .trim()
      .min(1, { error: '缺少服务商名称' })
      .max(50, { error: '服务商名称过长' }),
    '服务商名称',
  ),
});

/** `{ id }` bodies: address delete, notice read/one. */
export const idBody = z.object({
  id: z.number({ error: '缺少编号' }).int({ error: '缺少编号' }).positive({ error: '缺少编号' }),
});

/** Form field `headImg`: a data URL; bytes and size are checked by the gateway. */
export const updateHeadBody = z.object({
  headImg: z.string({ error: '请选择头像图片' }).regex(/^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, {
    error: '头像须为JPG、PNG或WebP图片',
  }),
});

/** Deepest nesting of objects and arrays an analytics payload may have. */
export const PAYLOAD_MAX_DEPTH = 8;

/**
 * Whether `text` is JSON the database stores as written: every number a finite double that
 * does not round to zero from a non-zero literal, its exponent within ±400 (jsonb keeps numbers
 * as `numeric`, which overflows on 1e131072, 1e-16384 and 0e-99999), nested at most PAYLOAD_MAX_DEPTH deep.
 */
export function isStorableJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const numbers = text.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g) ?? [];
  for (const literal of numbers) {
    const n = Number(literal);
    const [mantissa, exponent = '0'] = literal.split(/[eE]/);
    // A double's exponents lie within ±400 whatever the digits; numeric's scale ends at 16383.
    if (!Number.isFinite(n) || Math.abs(Number(exponent)) > 400 || (n === 0 && /[1-9]/.test(mantissa))) return false;
  }
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= PAYLOAD_MAX_DEPTH) return false;
    for (const item of Object.values(v)) stack.push([item, depth + 1]);
  }
  return true;
}

export const sendMqBody = z.object({
  eventCode: z.string({ error: '缺少事件编码' }).regex(/^[a-z][a-z0-9_.]{0,63}$/i, { error: '事件编码不正确' }),
  page: z.string({ error: '缺少页面' }).max(200, { error: '页面地址过长' }),
  indexCode: z.string().max(32, { error: '首页编码不正确' }).default('index'),
  payload: z
    .string()
    .max(2048, { error: '事件内容不能超过2KB' })
    .refine(
      (s) => {
        try {
          JSON.parse(s);
          return true;
        } catch {
          return false;
        }
      },
      { error: '事件内容须为JSON' },
    )
    .refine(isStorableJson, { error: `事件内容的数字须在有效范围内，嵌套不超过${PAYLOAD_MAX_DEPTH}层` })
    .default('{}'),
});

/**
 * The payload of a `rum_vital` event (decision 0062): one web-vital of one page load, on the
 * route pattern it loaded on. Times in milliseconds; CLS unitless.
 */
export const rumVitalPayload = z
  .object({
    name: z.enum(RUM_VITALS, { error: '性能指标名称不正确' }),
    value: z.number({ error: '性能指标数值不正确' }).min(0, { error: '性能指标数值不正确' }),
    route: z.string({ error: '缺少页面路由' }).max(200, { error: '页面路由过长' }),
  })
  .refine((v) => v.value <= (v.name === 'CLS' ? RUM_MAX_CLS : RUM_MAX_MS), { error: '性能指标数值超出范围' });

/** The payload of a `rum_error` event: the kind and a hash of the message, never its text. */
export const rumErrorPayload = z.object({
  kind: z.enum(RUM_ERROR_KINDS, { error: '错误类型不正确' }),
  hash: z.string({ error: '缺少错误摘要' }).regex(/^[0-9a-f]{8}$/, { error: '错误摘要不正确' }),
  route: z.string({ error: '缺少页面路由' }).max(200, { error: '页面路由过长' }),
});

export const wxinfoBody = z.object({
  openId: z.string({ error: '缺少微信标识' }).min(1, { error: '缺少微信标识' }).max(64, { error: '微信标识不正确' }),
  nickname: storedText(
    z
      .string({ error: '缺少微信昵称' })
      .trim()
      .min(1, { error: '缺少微信昵称' })
      .max(32, { error: '微信昵称不能超过32个字' }),
    '微信昵称',
  ),
  headImgUrl: storedText(
    z.string({ error: '微信头像地址不正确' }).max(500, { error: '微信头像地址不正确' }),
    '微信头像地址',
  ).default(''),
  // The login gateway's word for the openId (decision 0052), checked by wxinfo; last, so a
  // profile's own faults are named first.
  openIdSign: z.string({ error: BizDesc.wxNotVouched }).max(128, { error: BizDesc.wxNotVouched }),
});

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: '推广参数不正确' });

export const ckQuery = z.object({
  ticket: z.string({ error: '登录凭证缺失，请重新登录' }).min(1, { error: '登录凭证缺失，请重新登录' }).max(128),
  source: z.string({ error: '缺少来源' }).min(1, { error: '缺少来源' }).max(32),
  promoterId: idParam.optional(),
  agentId: idParam.optional(),
});

/** GET /admin/attribution (decision 0025): the customer by their mobile. */
export const adminAttributionQuery = z.object({
  phone: z.string({ error: Messages.mobileInvalid }).trim().refine(isValidMobile, { error: Messages.mobileInvalid }),
});

export const ssoSmsBody = z.object({
  phone: z.string({ error: Messages.mobileInvalid }).trim().refine(isValidMobile, { error: Messages.mobileInvalid }),
});

export const ssoLoginForm = z.object({
  phone: z.string({ error: Messages.mobileInvalid }).trim().refine(isValidMobile, { error: Messages.mobileInvalid }),
  code: z
    .string({ error: Messages.smsCodeInvalid })
    .trim()
    .regex(/^\d{6}$/, { error: Messages.smsCodeInvalid }),
  // The page's hidden fields: only a tampered form breaks them (the page cuts what it writes back).
  redirect_url: z
    .string({ error: '缺少回跳地址' })
    .min(1, { error: '缺少回跳地址' })
    .max(2000, { error: BizDesc.ssoFormInvalid }),
  source: z.string({ error: BizDesc.ssoFormInvalid }).max(32, { error: BizDesc.ssoFormInvalid }).default(''),
  data: z.string({ error: BizDesc.ssoFormInvalid }).max(64, { error: BizDesc.ssoFormInvalid }).default('index'),
});

const HAN = /[\u4e00-\u9fff]/;

/**
 * The first message of a failed parse: what the gateway puts in `desc` and a page shows. A
 * check without a message of its own would give zod's English: the general Chinese one instead.
 */
export const firstIssue = (error: z.ZodError) => {
  const message = error.issues[0]?.message;
  return message && HAN.test(message) ? message : BizDesc.inputInvalid;
};
