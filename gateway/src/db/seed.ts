/**
 * Seeds the demo data of contract/demo-data.ts (docs/product.md §10). Idempotent: a demo user's rows
 * are written only in the run that creates the user (`on conflict do nothing returning`), so
 * seeding twice changes nothing, and what the demo users did since (a renamed nickname, a
 * deleted address, a used right) survives every restart.
 */
import { demoAddresses, demoConsumptions, demoNotices, demoRights, demoUsers } from '../../../contract/demo-data';
import { shanghaiToTimestamptz } from '../time';
import type { Db } from './index';

/** Tables with identity ids the seed writes explicitly; their sequences are moved past them. */
const IDENTITY_TABLES = ['rights', 'consumptions', 'evaluations', 'notices', 'addresses'] as const;

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const created = new Set<string>();
    for (const u of demoUsers) {
      const rows = await tx.query(
        `insert into users (id, mobile_phone, nickname, head_url, role, agreement_version, agree_time,
                            promoter_id, agent_id, uc_agent_user_id, uc_user_id)
         values ($1, $2, $3, $4, $5, $6::text, case when $6::text is null then null else timestamptz '2026-01-06 09:00:00+08' end,
                 $7, $8, $9, $10)
         on conflict (id) do nothing returning id`,
        [
          u.userId,
          u.mobilePhone,
          u.nickname,
          u.headUrl,
          u.role,
          u.agreementVersion ?? null,
          u.promoterId ?? null,
          u.agentId ?? null,
          u.ucAgentUserId ?? null,
          u.ucUserId,
        ],
      );
      if (rows.length) created.add(u.userId);
    }
    const mine = <T extends { userId: string }>(rows: T[]) => rows.filter((r) => created.has(r.userId));
    for (const r of mine(demoRights)) {
      await tx.query(
        `insert into rights (id, user_id, name, service_code, product_line, policy_no, total_times, used_times, valid_from, valid_to)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (id) do nothing`,
        [
          r.id,
          r.userId,
          r.name,
          r.serviceCode,
          r.productLine,
          r.policyNo,
          r.totalTimes,
          r.usedTimes,
          r.validFrom,
          r.validTo,
        ],
      );
    }
    for (const c of mine(demoConsumptions)) {
      await tx.query(
        `insert into consumptions (id, user_id, right_id, provider_name, write_off_code, status, create_time, consume_time, expire_time)
         values ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz, $7::timestamptz + interval '15 minutes')
         on conflict (id) do nothing`,
        [
          c.id,
          c.userId,
          c.rightId,
          c.providerName,
          c.writeOffCode,
          c.status,
          shanghaiToTimestamptz(c.createTime),
          c.consumeTime ? shanghaiToTimestamptz(c.consumeTime) : null,
        ],
      );
      if (c.evaluation) {
        const e = c.evaluation;
        await tx.query(
          `insert into evaluations (consume_id, user_id, score, content, tags, create_time)
           values ($1, $2, $3, $4, $5::jsonb, $6::timestamptz) on conflict (consume_id) do nothing`,
          [c.id, c.userId, e.score, e.content, JSON.stringify(e.tags), shanghaiToTimestamptz(e.createTime)],
        );
      }
    }
    for (const n of mine(demoNotices)) {
      await tx.query(
        `insert into notices (id, user_id, title, content, notice_type, read_flag, link_url, create_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz) on conflict (id) do nothing`,
        [
          n.id,
          n.userId,
          n.title,
          n.content,
          n.noticeType,
          n.readFlag,
          n.linkUrl ?? null,
          shanghaiToTimestamptz(n.createTime),
        ],
      );
    }
    for (const a of mine(demoAddresses)) {
      await tx.query(
        `insert into addresses (id, user_id, name, tel, province, city, county, country, area_code, address_detail, is_default)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing`,
        [
          a.id,
          a.userId,
          a.name,
          a.tel,
          a.province,
          a.city,
          a.county,
          a.country ?? null,
          a.areaCode,
          a.addressDetail,
          a.isDefault,
        ],
      );
    }
    // Explicit ids do not advance identity sequences: move each past the highest id (never
    // backwards), so rows created later never collide with seeded ones. Idempotent.
    for (const table of IDENTITY_TABLES) {
      await tx.query(
        `select setval(s, greatest((select max(id) from ${table}), coalesce(pg_sequence_last_value(s::regclass), 0), 1), true)
           from (select pg_get_serial_sequence('${table}', 'id') as s) seq`,
      );
    }
  });
}
