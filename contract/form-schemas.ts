/**
 * The request bodies the portal's forms also check before sending (a nickname, an address): the
 * gateway's own rules and messages. They are kept apart from schemas.ts so that the screen
 * checking them builds only these two, not every schema the gateway has (decision 0046).
 */
import {
  ADDRESS_DETAIL_MAX,
  hasHiddenControl,
  isInvisibleOnly,
  isValidPhone,
  Messages,
  NICKNAME_MAX,
  TextMessages,
} from './validation';
import { z } from './zod';

/**
 * Text a customer stores and others read: no control characters, bidi overrides or lone
 * surrogates, and not only invisible characters (validation.ts `hasHiddenControl`).
 */
export const storedText = (schema: z.ZodString, field: string, multiline = false) =>
  schema
    .refine((s) => !hasHiddenControl(s, multiline), { error: TextMessages.hiddenControl(field) })
    .refine((s) => !isInvisibleOnly(s), { error: TextMessages.invisibleOnly(field) });

/** A province, city or county name from the region picker. */
const regionName = () =>
  storedText(
    z
      .string({ error: Messages.areaRequired })
      .trim()
      .min(1, { error: Messages.areaRequired })
      .max(20, { error: Messages.areaRequired }),
    '地区',
  );

export const addressBody = z.object({
  id: z.number().int().positive().optional(),
  name: storedText(
    z
      .string({ error: Messages.nameRequired })
      .trim()
      .min(1, { error: Messages.nameRequired })
      .max(20, { error: '姓名不能超过20个字' }),
    '姓名',
  ),
  tel: z.string({ error: Messages.phoneInvalid }).trim().refine(isValidPhone, { error: Messages.phoneInvalid }),
  province: regionName(),
  city: regionName(),
  county: regionName(),
  country: storedText(z.string().trim().max(20), '地区').optional(),
  areaCode: z
    .string({ error: Messages.areaRequired })
    .regex(/^\d{6}$/, { error: Messages.areaRequired })
    .refine((c) => c !== '000000', { error: Messages.areaRequired }),
  addressDetail: storedText(
    z
      .string({ error: Messages.detailRequired })
      .trim()
      .min(1, { error: Messages.detailRequired })
      .max(ADDRESS_DETAIL_MAX, { error: Messages.detailTooLong }),
    '详细地址',
  ),
  isDefault: z.boolean().default(false),
});

export const updateInfoBody = z.object({
  nickname: storedText(
    z
      .string({ error: Messages.nicknameInvalid })
      .trim()
      .min(1, { error: Messages.nicknameInvalid })
      .max(NICKNAME_MAX, { error: Messages.nicknameInvalid }),
    '昵称',
  ),
});
