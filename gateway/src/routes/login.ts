/**
 * Login (docs/product.md §7, §4.2): B/login/rui/ck and ckNew turn a one-time SSO ticket into a
 * session; A/login/rui/wxinfo binds the WeChat profile; A/login/unbind unbinds the phone and
 * revokes the tokens.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BizDesc, TOKEN_TTL_SECONDS } from '../../../contract/codes';
import { WELCOME_NOTICE } from '../../../contract/demo-data';
import { endpoints } from '../../../contract/endpoints';
import { ckQuery, wxinfoBody } from '../../../contract/schemas';
import type { LoginResult, UserInfo } from '../../../contract/types';
import { openIdVouched } from '../../../contract/wx-vouch';
import { apiRoute, type AppContext, me } from '../context';
import type { Queryable } from '../db/index';
import { BizError } from '../envelope';
import { newToken, sha256, TOKEN_TTL_DAYS } from '../guard';
import { toUserInfo, USER_COLUMNS, type UserRow } from '../users';

/** Default nickname of a new customer: 用户 + the last four digits. */
const defaultNickname = (phone: string) => `用户${phone.slice(-4)}`;
/** Only our own paths may become a headUrl: no remote images (docs/product.md §11.6). */
const isLocalPath = (url: string) => /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@/%-]*$/.test(url);

/** Creates a session for `userId`; returns the token (only its hash is stored). */
export async function createSession(q: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await q.query(
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '${TOKEN_TTL_DAYS} days')`,
    [sha256(token), userId],
  );
  return token;
}

/**
 * The user behind a verified phone: the bound one; else the one who last unbound this phone
 * (their policy rights belong to the number: docs/decisions/0007); else a new customer with no
 * rights, the welcome notice and agreements not accepted. `created` says which.
 */
async function userForPhone(tx: Queryable, phone: string): Promise<{ user: UserRow; created: boolean }> {
  const [bound] = await tx.query<UserRow>(`select ${USER_COLUMNS} from users where mobile_phone = $1`, [phone]);
  if (bound) return { user: bound, created: false };
  const [rebound] = await tx.query<UserRow>(
    `update users set mobile_phone = $1, unbound_phone = null, unbound_at = null
      where id = (select id from users where unbound_phone = $1 and mobile_phone is null order by unbound_at desc limit 1)
      returning ${USER_COLUMNS}`,
    [phone],
  );
  if (rebound) return { user: rebound, created: false };
  const [created] = await tx.query<UserRow>(
    `insert into users (id, mobile_phone, nickname, role, uc_user_id) values ($1, $2, $3, 'customer', $4)
     on conflict (mobile_phone) where mobile_phone is not null do nothing
     returning ${USER_COLUMNS}`,
    [
      `u-${randomBytes(8).toString('hex')}`,
      phone,
      defaultNickname(phone),
      `UC${randomInt(100_000_000, 1_000_000_000)}`, // always nine digits
    ],
  );
  if (!created) {
    // A concurrent first login of the same phone won the insert: use that user.
    const [other] = await tx.query<UserRow>(`select ${USER_COLUMNS} from users where mobile_phone = $1`, [phone]);
    return { user: other, created: false };
  }
  await tx.query(`insert into notices (user_id, title, content, notice_type, read_flag) values ($1, $2, $3, $4, $5)`, [
    created.id,
    WELCOME_NOTICE.title,
    WELCOME_NOTICE.content,
    WELCOME_NOTICE.noticeType,
    WELCOME_NOTICE.readFlag,
  ]);
  return { user: created, created: true };
}

export function loginRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const check =
    (withTheme: boolean) =>
    async (q: { ticket: string; source: string; promoterId?: string; agentId?: string }): Promise<LoginResult> => {
      const { user, token } = await db.transaction(async (tx) => {
        // Single use, 5 minutes: the UPDATE consumes the ticket atomically.
        const [ticket] = await tx.query<{ phone: string }>(
          `update login_tickets set used_at = now()
            where ticket_hash = $1 and used_at is null and expires_at > now()
            returning phone`,
          [sha256(q.ticket)],
        );
        if (!ticket) throw new BizError(BizDesc.ticketInvalid);
        const { user, created } = await userForPhone(tx, ticket.phone);
        if (created && (q.promoterId || q.agentId)) {
          await tx.query(
            `insert into attributions (user_id, promoter_id, agent_id, source) values ($1, $2, $3, $4) on conflict (user_id) do nothing`,
            [user.id, q.promoterId ?? null, q.agentId ?? null, q.source],
          );
        }
        return { user, token: await createSession(tx, user.id) };
      });
      const result: LoginResult = {
        token,
        userInfo: toUserInfo(user),
        nickname: user.nickname,
        role: user.role,
        ucUserId: user.uc_user_id,
        expiresIn: TOKEN_TTL_SECONDS,
      };
      if (user.promoter_id) result.promoterId = user.promoter_id;
      if (user.agent_id) result.agentId = user.agent_id;
      if (user.uc_agent_user_id) result.ucAgentUserId = user.uc_agent_user_id;
      // ckNew serves the new-theme transfer page (docs/product.md §7.5).
      if (withTheme) result.theme = 'indexNew';
      return result;
    };

  apiRoute(app, { method: 'GET', url: endpoints.loginCk, guard: 'optional', input: ckQuery }, check(false));
  apiRoute(app, { method: 'GET', url: endpoints.loginCkNew, guard: 'optional', input: ckQuery }, check(true));

  apiRoute(
    app,
    { method: 'POST', url: endpoints.wxinfo, guard: 'required', input: wxinfoBody },
    async (wx, req): Promise<UserInfo> => {
      const userId = me(req);
      // Only an openId the SSO vouched for, for this customer's phone: one posted from anywhere
      // else would bind someone else's WeChat to this account (decision 0052).
      const [owner] = await db.query<{ mobile_phone: string | null }>('select mobile_phone from users where id = $1', [
        userId,
      ]);
      if (
        !owner?.mobile_phone ||
        !(await openIdVouched(config.ssoSecret, wx.openId, owner.mobile_phone, wx.openIdSign))
      )
        throw new BizError(BizDesc.wxNotVouched);
      const [taken] = await db.query('select 1 from users where wx_open_id = $1 and id <> $2', [wx.openId, userId]);
      if (taken) throw new BizError(BizDesc.wxBoundElsewhere);
      const headUrl = isLocalPath(wx.headImgUrl) ? wx.headImgUrl : '';
      try {
        // The WeChat profile fills what the customer has not chosen: a generated nickname, no avatar.
        const [row] = await db.query<UserRow>(
          `update users set wx_open_id = $2, wx_nickname = $3,
                nickname = case when nickname = '' or nickname ~ '^用户[0-9]{4}$' then $3 else nickname end,
                head_url = case when head_url = '' then $4 else head_url end
          where id = $1 returning ${USER_COLUMNS}`,
          [userId, wx.openId, wx.nickname, headUrl],
        );
        return toUserInfo(row);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new BizError(BizDesc.wxBoundElsewhere);
        throw error;
      }
    },
  );

  apiRoute(app, { method: 'GET', url: endpoints.unbind, guard: 'required' }, async (_q, req) => {
    const userId = me(req);
    await db.transaction(async (tx) => {
      await tx.query(
        `update users set unbound_phone = mobile_phone, mobile_phone = null, unbound_at = now(), wx_open_id = null
          where id = $1 and mobile_phone is not null`,
        [userId],
      );
      // Every token of the user is revoked, not only this one: the phone is gone.
      await tx.query('delete from sessions where user_id = $1', [userId]);
    });
    return null;
  });
}
