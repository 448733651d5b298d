import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import type { Notice, Page } from '../../../contract/types';
import { asciiJson } from '../envelope';
import { createTestGateway, DEMO, type TestGateway } from '../test-helpers';

/**
 * The notice list's page is JSON text written by PostgreSQL (decision 0016) from the JSON each
 * notice carries, ASCII only (decision 0017, migration 002). These notices are chosen to break
 * a hand-written serialiser: every kind of character JSON must escape, characters beyond
 * U+FFFF, HTML, a link on one notice only, and two notices within one second.
 */
const HOSTILE = 'quote " backslash \\ slash / tab \t newline \n return \r bell \u0007 unit \u001f del \u007f';
const rows = [
  {
    id: 9101,
    title: '体检报告已出',
    content: '<p onclick="x()">请查看</p></script>',
    type: 'service',
    read: 0,
    link: '/message',
    time: '2026-11-20 08:00:00.250',
  },
  {
    id: 9102,
    title: HOSTILE,
    content: 'ｅｍｏｊｉ 😀 separators \u2028 \u2029 end',
    type: 'system',
    read: 1,
    link: null,
    time: '2026-11-20 08:00:00.750',
  },
  {
    id: 9103,
    title: '同一秒，编号较大',
    content: '',
    type: 'rights',
    read: 0,
    link: null,
    time: '2026-11-20 08:00:00.750',
  },
  {
    id: 9104,
    title: '更早的一条',
    content: 'a',
    type: 'rights',
    read: 1,
    link: 'https://example.com/?a=1&b="2"',
    time: '2026-11-19 23:59:59',
  },
];

/** What the list must answer for `rows`, newest first (time to the microsecond, then id), as contract `Notice`s. */
const expected: Notice[] = [
  {
    id: 9103,
    title: '同一秒，编号较大',
    content: '',
    noticeType: 'rights',
    readFlag: 0,
    createTime: '2026-11-20 08:00:00',
  },
  {
    id: 9102,
    title: HOSTILE,
    content: rows[1].content,
    noticeType: 'system',
    readFlag: 1,
    createTime: '2026-11-20 08:00:00',
  },
  {
    id: 9101,
    title: '体检报告已出',
    content: rows[0].content,
    noticeType: 'service',
    readFlag: 0,
    createTime: '2026-11-20 08:00:00',
    linkUrl: '/message',
  },
  {
    id: 9104,
    title: '更早的一条',
    content: 'a',
    noticeType: 'rights',
    readFlag: 1,
    createTime: '2026-11-19 23:59:59',
    linkUrl: rows[3].link!,
  },
];

describe('the notice list as JSON text from PostgreSQL', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
    // This customer's notices are these four only.
    await gw.db.query('delete from notices where user_id = $1', [DEMO.empty.userId]);
    for (const r of rows) {
      await gw.db.query(
        `insert into notices (id, user_id, title, content, notice_type, read_flag, link_url, create_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8::timestamp at time zone 'Asia/Shanghai')`,
        [r.id, DEMO.empty.userId, r.title, r.content, r.type, r.read, r.link, r.time],
      );
    }
  });
  afterAll(() => gw.close());

  const page = (query: Record<string, number>) =>
    gw.send<Page<Notice>>('GET', endpoints.noticeList, { as: 'empty', query });

  it('answers every notice exactly as contract Notice, in ASCII: JSON.stringify with \\u escapes', async () => {
    // asciiJson is JSON.stringify plus a regex; the list's bytes come from migration 002's SQL.
    const res = await page({ pageNum: 1, pageSize: 10 });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json.obj.list).toStrictEqual(expected);
    expect(res.body).toBe(
      asciiJson({ code: Code.ok, desc: '成功', obj: { list: expected, total: 4, pageNum: 1, pageSize: 10 } }),
    );
    expect(res.body).toMatch(/^[\x20-\x7f]*$/);
  });

  it('pages, filters and stays empty past the end', async () => {
    expect((await page({ pageNum: 2, pageSize: 2 })).json.obj).toStrictEqual({
      list: expected.slice(2, 4),
      total: 4,
      pageNum: 2,
      pageSize: 2,
    });
    expect((await page({ pageNum: 1, pageSize: 10, readFlag: 0 })).json.obj).toStrictEqual({
      list: expected.filter((n) => n.readFlag === 0),
      total: 2,
      pageNum: 1,
      pageSize: 10,
    });
    expect((await page({ pageNum: 3, pageSize: 2 })).json.obj).toStrictEqual({
      list: [],
      total: 4,
      pageNum: 3,
      pageSize: 2,
    });
  });

  it('reads query integers as plain decimal only: empty, hex, exponent or signed is a 10001', async () => {
    const raw = (query: Record<string, string>) =>
      gw.send<Page<Notice>>('GET', endpoints.noticeList, { as: 'empty', query });
    const odd: Record<string, string>[] = [
      { readFlag: '' },
      { readFlag: ' 1' },
      { pageNum: '0x10' },
      { pageNum: '1e1' },
      { pageSize: '+5' },
      { pageNum: '' },
      { pageNum: '1.0' },
    ];
    for (const query of odd) {
      const res = await raw(query);
      expect(res.json.code, JSON.stringify(query)).toBe(Code.businessError);
    }
    expect((await raw({ pageNum: '02', pageSize: '2', readFlag: '1' })).json.obj).toMatchObject({
      pageNum: 2,
      pageSize: 2,
      total: 2,
    });
  });

  it('answers a page far past 2^31 rows as empty, and the requests batched with it as usual', async () => {
    const [other, far] = await Promise.all([
      gw.send<Page<Notice>>('GET', endpoints.noticeList, { as: 'customer', query: { pageNum: 1, pageSize: 10 } }),
      page({ pageNum: 50_000_000, pageSize: 50 }),
    ]);
    expect(other.json.code).toBe(200);
    expect(other.json.obj.list).toHaveLength(10);
    expect(far.json).toMatchObject({ code: 200, obj: { list: [], total: 4, pageNum: 50_000_000, pageSize: 50 } });
  });

  it("never shows one customer another's notices", async () => {
    const customer = await gw.send<Page<Notice>>('GET', endpoints.noticeList, {
      as: 'customer',
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(customer.json.obj.total).toBeGreaterThan(0);
    expect(customer.json.obj.list.filter((n) => n.id > 9100)).toEqual([]);
  });

  it("keeps each notice's JSON in step with the notice when it is changed or read", async () => {
    const changed = { title: '改过的标题 🎉', content: '新内容 "引号"', link: '/rights' };
    await gw.db.query('update notices set title = $2, content = $3, link_url = $4 where id = $1', [
      9103,
      changed.title,
      changed.content,
      changed.link,
    ]);
    await gw.db.query(
      `update notices set link_url = null, create_time = $2::timestamp at time zone 'Asia/Shanghai' where id = $1`,
      [9101, '2026-11-18 07:06:05'],
    );
    const read = await gw.send<{ updated: number }>('PUT', endpoints.noticeReadOne, {
      as: 'empty',
      body: { id: 9103 },
    });
    expect(read.json.obj).toEqual({ updated: 1 });

    const res = await page({ pageNum: 1, pageSize: 10 });
    expect(res.json.obj.list).toStrictEqual([
      { ...expected[0], title: changed.title, content: changed.content, readFlag: 1, linkUrl: changed.link },
      expected[1],
      expected[3],
      {
        id: 9101,
        title: '体检报告已出',
        content: rows[0].content,
        noticeType: 'service',
        readFlag: 0,
        createTime: '2026-11-18 07:06:05',
      },
    ]);
    expect(res.body).toMatch(/^[\x20-\x7f]*$/);
  });
});
