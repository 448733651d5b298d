/** Reading users and turning rows into the contract's UserInfo. */
import type { Role, UserInfo } from '../../contract/types';
import type { Queryable } from './db/index';

export interface UserRow {
  id: string;
  mobile_phone: string | null;
  nickname: string;
  head_url: string;
  role: Role;
  agreement_version: string | null;
  agree_time: Date | null;
  promoter_id: string | null;
  agent_id: string | null;
  uc_agent_user_id: string | null;
  uc_user_id: string;
}

export const USER_COLUMNS =
  'id, mobile_phone, nickname, head_url, role, agreement_version, agree_time, promoter_id, agent_id, uc_agent_user_id, uc_user_id';

export const toUserInfo = (u: UserRow): UserInfo => ({
  userId: u.id,
  mobilePhone: u.mobile_phone ?? '',
  nickname: u.nickname,
  headUrl: u.head_url,
  role: u.role,
  ...(u.agreement_version ? { agreementVersion: u.agreement_version } : {}),
});

export async function getUser(q: Queryable, userId: string): Promise<UserRow> {
  const [row] = await q.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [userId]);
  // The session row references the user (on delete cascade): a live token implies the user.
  if (!row) throw new Error('user of a live session not found');
  return row;
}
