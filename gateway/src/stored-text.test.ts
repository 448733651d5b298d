/**
 * Every field the gateway stores as text refuses every row of the shared hostile-text table
 * (contract/hostile-text.ts) with its own field's message, before any handler runs (text
 * PostgreSQL cannot store with the edge's one message): what a customer, an agent or the admin
 * key stores is read later by someone else.
 */
import { Code } from '../../contract/codes';
import { endpoints } from '../../contract/endpoints';
import { HIDDEN_CONTROL_SAMPLES, INVISIBLE_ONLY_SAMPLES, SAMPLE_ADDRESS } from '../../contract/input-samples';
import type { Address } from '../../contract/types';
import { TextMessages } from '../../contract/validation';
import { DEMO_ADMIN_KEY } from './config';
import { createTestGateway, type SendOptions, type TestGateway } from './test-helpers';
import { UNSTORABLE_TEXT_DESC } from './text';

const address = SAMPLE_ADDRESS;

/** The address form's text fields, by the name their messages give them. */
const ADDRESS_LABELS = {
  name: '姓名',
  addressDetail: '详细地址',
  province: '地区',
  city: '地区',
  county: '地区',
  country: '地区',
};

interface StoredField {
  /** The name its messages give it. */
  label: string;
  /** Multi-line text keeps tabs and line breaks. */
  multiline?: boolean;
  request: (text: string) => [method: 'POST', url: string, options: SendOptions];
}

const fields: Record<string, StoredField> = {
  nickname: {
    label: '昵称',
    request: (t) => ['POST', endpoints.updateInfo, { as: 'customer', body: { nickname: t } }],
  },
  ...Object.fromEntries(
    Object.entries(ADDRESS_LABELS).map(([key, label]): [string, StoredField] => [
      `address ${key}`,
      { label, request: (t) => ['POST', endpoints.addressSave, { as: 'customer', body: { ...address, [key]: t } }] },
    ]),
  ),
  'evaluation content': {
    label: '评价内容',
    multiline: true,
    request: (t) => ['POST', endpoints.evaluate, { as: 'customer', body: { consumeId: 1, score: 5, content: t } }],
  },
  'evaluation tag': {
    label: '评价标签',
    request: (t) => ['POST', endpoints.evaluate, { as: 'customer', body: { consumeId: 1, score: 5, tags: [t] } }],
  },
  "a provider's name": {
    label: '服务商名称',
    request: (t) => [
      'POST',
      endpoints.adminWriteOffConfirm,
      { headers: { 'x-admin-key': DEMO_ADMIN_KEY }, body: { writeOffCode: '000000000000', providerName: t } },
    ],
  },
  'WeChat nickname': {
    label: '微信昵称',
    request: (t) => ['POST', endpoints.wxinfo, { as: 'agent', body: { openId: 'wx_hostile', nickname: t } }],
  },
  'WeChat avatar address': {
    label: '微信头像地址',
    request: (t) => [
      'POST',
      endpoints.wxinfo,
      { as: 'agent', body: { openId: 'wx_hostile', nickname: '李', headImgUrl: t } },
    ],
  },
};

describe('stored text on the wire', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  const refuses = async (field: StoredField, text: string, desc: string) => {
    const res = await gw.send(...field.request(text));
    expect(res.json, JSON.stringify(text)).toEqual({ code: Code.businessError, desc, obj: null });
  };

  for (const [name, field] of Object.entries(fields)) {
    it(`${name}: refuses every hidden control${field.multiline ? ' but a tab or line break' : ''}, and text of only invisible characters`, async () => {
      for (const sample of HIDDEN_CONTROL_SAMPLES) {
        if (field.multiline && sample.line) continue;
        await refuses(
          field,
          sample.text,
          sample.unstorable ? UNSTORABLE_TEXT_DESC : TextMessages.hiddenControl(field.label),
        );
      }
      for (const sample of INVISIBLE_ONLY_SAMPLES)
        await refuses(field, sample.text, TextMessages.invisibleOnly(field.label));
    });
  }

  it('stored none of it', async () => {
    const addresses = await gw.send<Address[]>('GET', endpoints.addressList, { as: 'customer' });
    expect(addresses.json.obj.map((a) => a.name)).not.toContain('王小明');
    const [customer] = await gw.db.query<{ nickname: string }>(
      `select nickname from users where mobile_phone = '13800138000'`,
    );
    expect(customer.nickname).toBe('张晓明');
    const [bound] = await gw.db.query<{ n: number }>(
      `select count(*)::int as n from users where wx_open_id = 'wx_hostile'`,
    );
    expect(bound.n).toBe(0);
  });
});
