/**
 * The personal centre's writes (docs/product.md §7): avatar (updateHead, form), nickname (updateInfo),
 * contact addresses (at most 10, one default), plus GET /media/avatar/<id>.<ext> serving the
 * stored avatars (not header-checked: <img> cannot send headers).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BizDesc, Code, Desc } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { addressBody, idBody, updateHeadBody, updateInfoBody } from '../../../contract/schemas';
import type { Address, UserInfo } from '../../../contract/types';
import { ADDRESS_MAX_COUNT, AVATAR_MAX_BYTES } from '../../../contract/validation';
import { apiRoute, type AppContext, me } from '../context';
import { BizError, envelope } from '../envelope';
import { toUserInfo, USER_COLUMNS, type UserRow } from '../users';

/** updateHead accepts bodies up to 3 MB (docs/product.md §7.5); every other route 64 KB. */
export const UPDATE_HEAD_BODY_LIMIT = 3 * 1024 * 1024;

const MIME_EXT = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type Mime = keyof typeof MIME_EXT;

/** The image type by its magic bytes, or null: the data URL's prefix is not trusted. */
export function sniffImage(bytes: Buffer): Mime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

interface AddressRow {
  id: string;
  name: string;
  tel: string;
  province: string;
  city: string;
  county: string;
  country: string | null;
  area_code: string;
  address_detail: string;
  is_default: boolean;
}
const ADDRESS_COLUMNS = 'id, name, tel, province, city, county, country, area_code, address_detail, is_default';
const toAddress = (r: AddressRow): Address => ({
  id: Number(r.id),
  name: r.name,
  tel: r.tel,
  province: r.province,
  city: r.city,
  county: r.county,
  ...(r.country ? { country: r.country } : {}),
  areaCode: r.area_code,
  addressDetail: r.address_detail,
  isDefault: r.is_default,
});

export function userRoutes(app: FastifyInstance, { db }: AppContext) {
  apiRoute(
    app,
    { method: 'POST', url: endpoints.updateHead, guard: 'required', bodyLimit: UPDATE_HEAD_BODY_LIMIT },
    async (_b, req) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      // A client that forgot to percent-encode '+' sends spaces inside the base64.
      const headImg = typeof raw.headImg === 'string' ? raw.headImg.replace(/ /g, '+') : raw.headImg;
      const parsed = updateHeadBody.safeParse({ headImg });
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? BizDesc.avatarInvalid);
      const base64 = parsed.data.headImg.slice(parsed.data.headImg.indexOf(',') + 1);
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > AVATAR_MAX_BYTES) throw new BizError(BizDesc.avatarTooLarge);
      const mime = sniffImage(bytes);
      if (!mime) throw new BizError(BizDesc.avatarInvalid);
      const userId = me(req);
      const id = randomBytes(12).toString('hex');
      const headUrl = `/media/avatar/${id}.${MIME_EXT[mime]}`;
      await db.transaction(async (tx) => {
        await tx.query('delete from avatars where user_id = $1', [userId]);
        await tx.query('insert into avatars (id, user_id, mime, data) values ($1, $2, $3, $4)', [
          id,
          userId,
          mime,
          bytes,
        ]);
        await tx.query('update users set head_url = $2 where id = $1', [userId, headUrl]);
      });
      return { headUrl };
    },
  );

  app.get<{ Params: { file: string } }>('/media/avatar/:file', async (req, reply) => {
    const match = /^([a-f0-9]{24})\.(jpg|png|webp)$/.exec(req.params.file);
    const [row] = match
      ? await db.query<{ mime: Mime; data: Uint8Array }>('select mime, data from avatars where id = $1', [match[1]])
      : [];
    if (!row || MIME_EXT[row.mime] !== match?.[2]) {
      return reply.code(404).send(envelope(Code.notFound, Desc.notFound, null));
    }
    // The id changes with every upload, so the bytes behind one URL never change.
    return reply
      .header('content-type', row.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.data));
  });

  apiRoute(
    app,
    { method: 'POST', url: endpoints.updateInfo, guard: 'required', input: updateInfoBody },
    async ({ nickname }, req): Promise<UserInfo> => {
      const [row] = await db.query<UserRow>(`update users set nickname = $2 where id = $1 returning ${USER_COLUMNS}`, [
        me(req),
        nickname,
      ]);
      return toUserInfo(row);
    },
  );

  apiRoute(app, { method: 'GET', url: endpoints.addressList, guard: 'required' }, async (_q, req) => {
    const rows = await db.query<AddressRow>(
      `select ${ADDRESS_COLUMNS} from addresses where user_id = $1 order by is_default desc, id`,
      [me(req)],
    );
    return rows.map(toAddress);
  });

  apiRoute(
    app,
    { method: 'POST', url: endpoints.addressSave, guard: 'required', input: addressBody },
    async (a, req) => {
      const userId = me(req);
      const row = await db.transaction(async (tx) => {
        // Serialise one user's address writes, so the count limit holds under concurrency.
        await tx.query('select id from users where id = $1 for update', [userId]);
        const [{ n, defaults }] = await tx.query<{ n: number; defaults: number }>(
          'select count(*)::int as n, count(*) filter (where is_default)::int as defaults from addresses where user_id = $1',
          [userId],
        );
        let wasDefault = false;
        if (a.id !== undefined) {
          const [own] = await tx.query<{ is_default: boolean }>(
            'select is_default from addresses where id = $1 and user_id = $2',
            [a.id, userId],
          );
          if (!own) throw new BizError(BizDesc.addressNotFound);
          wasDefault = own.is_default;
        } else if (n >= ADDRESS_MAX_COUNT) {
          throw new BizError(BizDesc.addressLimit);
        }
        // One default whenever there are addresses (partial unique index: at most one). The
        // first becomes it; it moves only to another address, never away by editing it.
        const isDefault = a.isDefault || defaults === 0 || wasDefault;
        if (isDefault)
          await tx.query(
            'update addresses set is_default = false where user_id = $1 and is_default and id <> coalesce($2, -1)',
            [userId, a.id ?? null],
          );
        const values = [
          userId,
          a.name,
          a.tel,
          a.province,
          a.city,
          a.county,
          a.country ?? null,
          a.areaCode,
          a.addressDetail,
          isDefault,
        ];
        const [saved] =
          a.id === undefined
            ? await tx.query<AddressRow>(
                `insert into addresses (user_id, name, tel, province, city, county, country, area_code, address_detail, is_default)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${ADDRESS_COLUMNS}`,
                values,
              )
            : await tx.query<AddressRow>(
                `update addresses set name = $2, tel = $3, province = $4, city = $5, county = $6, country = $7, area_code = $8,
                      address_detail = $9, is_default = $10
                where id = $11 and user_id = $1 returning ${ADDRESS_COLUMNS}`,
                [...values, a.id],
              );
        return saved;
      });
      return toAddress(row);
    },
  );

  apiRoute(
    app,
    { method: 'POST', url: endpoints.addressDelete, guard: 'required', input: idBody },
    async ({ id }, req) => {
      const userId = me(req);
      await db.transaction(async (tx) => {
        const [gone] = await tx.query<{ is_default: boolean }>(
          'delete from addresses where id = $1 and user_id = $2 returning is_default',
          [id, userId],
        );
        if (!gone) throw new BizError(BizDesc.addressNotFound);
        // Deleting the default makes the oldest remaining address the default.
        if (gone.is_default) {
          await tx.query(
            'update addresses set is_default = true where id = (select id from addresses where user_id = $1 order by id limit 1)',
            [userId],
          );
        }
      });
      return null;
    },
  );
}
