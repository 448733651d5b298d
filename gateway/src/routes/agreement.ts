/** A/userAgreement/ and A/userAgreement/agree (docs/product.md §7, docs/product.md §7.5, §4.3). */
import type { FastifyInstance } from 'fastify';
import { AGREEMENT_VERSIONS, CURRENT_AGREEMENT_VERSION } from '../../../contract/demo-data';
import { endpoints } from '../../../contract/endpoints';
import type { AgreementStatus, UserInfo } from '../../../contract/types';
import { apiRoute, type AppContext, me } from '../context';
import { formatDateTime } from '../time';
import { getUser, toUserInfo, USER_COLUMNS, type UserRow } from '../users';

export function agreementRoutes(app: FastifyInstance, { db }: AppContext) {
  apiRoute(
    app,
    { method: 'GET', url: endpoints.agreement, guard: 'required' },
    async (_q, req): Promise<AgreementStatus> => {
      const user = await getUser(db, me(req));
      const agreed = user.agreement_version === CURRENT_AGREEMENT_VERSION;
      return {
        ...AGREEMENT_VERSIONS,
        agreed,
        ...(agreed && user.agree_time ? { agreeTime: formatDateTime(user.agree_time) } : {}),
      };
    },
  );

  apiRoute(
    app,
    { method: 'POST', url: endpoints.agreementAgree, guard: 'required' },
    async (_b, req): Promise<UserInfo> => {
      const [row] = await db.query<UserRow>(
        `update users set agreement_version = $2, agree_time = now() where id = $1 returning ${USER_COLUMNS}`,
        [me(req), CURRENT_AGREEMENT_VERSION],
      );
      return toUserInfo(row);
    },
  );
}
