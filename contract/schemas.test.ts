import { BizDesc } from './codes';
import { SAMPLE_ADDRESS } from './input-samples';
import {
  addressBody,
  adminAttributionQuery,
  adminConfirmBody,
  ckQuery,
  consumeListQuery,
  evaluateBody,
  firstIssue,
  getMoreQuery,
  idBody,
  idQuery,
  isStorableJson,
  noticeListQuery,
  pageQuery,
  PAYLOAD_MAX_DEPTH,
  rightsListQuery,
  sendMqBody,
  ssoLoginForm,
  ssoSmsBody,
  updateHeadBody,
  updateInfoBody,
  writeOffBody,
  wxinfoBody,
} from './schemas';
import { Messages, TextMessages } from './validation';
import { z } from './zod';

/** The message a schema gives `input` (what the gateway puts in `desc`), or 'ok'. */
function answer(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : firstIssue(parsed.error);
}

/** What a schema makes of `input` that it accepts. */
function value(schema: z.ZodType, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Error(firstIssue(parsed.error));
  return parsed.data;
}

describe('page queries', () => {
  it('reads strict decimal integers and defaults to page 1 of 10', () => {
    expect(value(pageQuery, {})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(value(pageQuery, { pageNum: '3', pageSize: '7' })).toEqual({ pageNum: 3, pageSize: 7 });
    expect(value(pageQuery, { pageNum: '123456789012345' })).toMatchObject({ pageNum: 123456789012345 });
    expect(value(pageQuery, { pageNum: 2 })).toMatchObject({ pageNum: 2 });
  });

  it('refuses a query value that is neither text nor a number, such as a list', () => {
    expect(pageQuery.safeParse({ pageNum: ['7'] }).success).toBe(false);
  });

  it('clamps the page size to 50 and keeps smaller ones', () => {
    expect(value(pageQuery, { pageSize: '500' })).toMatchObject({ pageSize: 50 });
    expect(value(pageQuery, { pageSize: '1' })).toMatchObject({ pageSize: 1 });
  });

  it.each([
    ['empty', ''],
    ['zero', '0'],
    ['hexadecimal', '0x10'],
    ['an exponent', '1e1'],
    ['a leading blank', ' 1'],
    ['a trailing blank', '1 '],
    ['a trailing letter', '1a'],
    ['a leading letter', 'a1'],
    ['a fraction', '1.5'],
    ['sixteen digits', '1234567890123456'],
    ['a negative', '-1'],
  ])('refuses a page number that is %s', (_what, pageNum) => {
    expect(answer(pageQuery, { pageNum })).toBe('页码必须是正整数');
  });

  it('refuses a fractional number and a bad page size with their own message', () => {
    expect(answer(pageQuery, { pageNum: 1.5 })).toBe('页码必须是正整数');
    expect(answer(pageQuery, { pageSize: '0' })).toBe('每页条数必须是正整数');
    expect(answer(pageQuery, { pageSize: 'x' })).toBe('每页条数必须是正整数');
  });

  it('reads the notices’ read flag and the records’ evaluation status as 0 or 1 only', () => {
    expect(value(noticeListQuery, { readFlag: '1' })).toMatchObject({ readFlag: 1 });
    expect(value(noticeListQuery, { readFlag: '0' })).toMatchObject({ readFlag: 0 });
    expect(value(noticeListQuery, {})).toEqual({ pageNum: 1, pageSize: 10 });
    for (const readFlag of ['', '2', '0x1', ' 1'])
      expect(answer(noticeListQuery, { readFlag }), readFlag).toBe('阅读状态只能是0或1');
    expect(value(consumeListQuery, { evaluateStatus: '1' })).toMatchObject({ evaluateStatus: 1 });
    expect(value(consumeListQuery, { evaluateStatus: '0' })).toMatchObject({ evaluateStatus: 0 });
    expect(value(consumeListQuery, {})).toEqual({ pageNum: 1, pageSize: 10 });
    for (const evaluateStatus of ['', '2'])
      expect(answer(consumeListQuery, { evaluateStatus })).toBe('评价状态只能是0或1');
  });

  it('takes a record id from 1', () => {
    expect(value(idQuery, { id: '1' })).toEqual({ id: 1 });
    for (const id of [undefined, '0', '-1', 'x']) expect(answer(idQuery, { id }), String(id)).toBe('缺少记录编号');
  });
});

describe('rights and home queries', () => {
  it('knows every right status and product line', () => {
    for (const status of ['available', 'used', 'expired'])
      expect(value(rightsListQuery, { status })).toEqual({ status });
    for (const productLine of ['std', 'ebt', 'ryb'])
      expect(value(rightsListQuery, { productLine })).toEqual({ productLine });
    expect(value(rightsListQuery, {})).toEqual({});
    expect(answer(rightsListQuery, { status: 'gone' })).toBe('权益状态不正确');
    expect(answer(rightsListQuery, { status: '' })).toBe('权益状态不正确');
    expect(answer(rightsListQuery, { productLine: 'abc' })).toBe('产品线不正确');
    expect(answer(rightsListQuery, { productLine: '' })).toBe('产品线不正确');
  });

  it('takes an index code of 1 to 32 letters, digits, _ and -, index by default', () => {
    expect(value(getMoreQuery, {})).toEqual({ indexCode: 'index' });
    expect(value(getMoreQuery, { indexCode: 'a' })).toEqual({ indexCode: 'a' });
    expect(value(getMoreQuery, { indexCode: `Az09_-${'x'.repeat(26)}` })).toEqual({
      indexCode: `Az09_-${'x'.repeat(26)}`,
    });
    for (const indexCode of ['', 'x'.repeat(33), 'a/b', '/a', 'a/', '首页']) {
      expect(answer(getMoreQuery, { indexCode }), indexCode).toBe('首页编码不正确');
    }
    expect(answer(getMoreQuery, { indexCode: 1 })).toBe('缺少首页编码');
  });
});

describe('evaluation', () => {
  const base = { consumeId: 1, score: 5 };

  it('defaults to no text and no tags', () => {
    expect(value(evaluateBody, base)).toEqual({ ...base, content: '', tags: [] });
  });

  it('needs a positive whole record id', () => {
    for (const consumeId of [undefined, 0, -1, 'x'])
      expect(answer(evaluateBody, { ...base, consumeId }), String(consumeId)).toBe('缺少服务记录');
    expect(answer(evaluateBody, { ...base, consumeId: 1.5 })).not.toBe('ok');
  });

  it('takes 1 to 5 whole stars', () => {
    expect(answer(evaluateBody, { consumeId: 1 })).toBe(Messages.scoreRequired);
    expect(answer(evaluateBody, { ...base, score: 0 })).toBe(Messages.scoreRequired);
    expect(answer(evaluateBody, { ...base, score: 6 })).toBe('评分只能是1到5星');
    expect(answer(evaluateBody, { ...base, score: 1 })).toBe('ok');
  });

  it('takes up to 200 characters of text', () => {
    expect(answer(evaluateBody, { ...base, content: '好'.repeat(200) })).toBe('ok');
    expect(answer(evaluateBody, { ...base, content: '好'.repeat(201) })).toBe(Messages.contentTooLong);
    expect(answer(evaluateBody, { ...base, content: 5 })).toBe('评价内容格式不正确');
  });

  it('takes up to 6 tags of 1 to 12 characters', () => {
    expect(value(evaluateBody, { ...base, tags: ['热情', 'x'.repeat(12)] })).toMatchObject({
      tags: ['热情', 'x'.repeat(12)],
    });
    expect(answer(evaluateBody, { ...base, tags: Array(6).fill('好') })).toBe('ok');
    expect(answer(evaluateBody, { ...base, tags: Array(7).fill('好') })).toBe('评价标签最多6个');
    expect(answer(evaluateBody, { ...base, tags: [''] })).not.toBe('ok');
    expect(answer(evaluateBody, { ...base, tags: ['x'.repeat(13)] })).not.toBe('ok');
    expect(answer(evaluateBody, { ...base, tags: ['\u200b'] })).toBe(TextMessages.invisibleOnly('评价标签'));
    expect(answer(evaluateBody, { ...base, tags: ['热\n情'] })).toBe(TextMessages.hiddenControl('评价标签'));
    expect(answer(evaluateBody, { ...base, tags: '热情' })).toBe('评价标签格式不正确');
  });
});

describe('write-off and its confirmation', () => {
  it('needs a positive whole right id', () => {
    expect(value(writeOffBody, { rightId: 3 })).toEqual({ rightId: 3 });
    for (const rightId of [undefined, 0, -2])
      expect(answer(writeOffBody, { rightId }), String(rightId)).toBe('缺少权益编号');
    expect(answer(writeOffBody, { rightId: 2.5 })).not.toBe('ok');
  });

  it('confirms a 12-digit code for a named provider, trimmed, up to 50 characters', () => {
    const ok = { writeOffCode: '123456789012', providerName: ' 健康中心 ' };
    expect(value(adminConfirmBody, ok)).toEqual({ writeOffCode: '123456789012', providerName: '健康中心' });
    for (const writeOffCode of ['12345678901', '1234567890123', 'a23456789012', '12345678901a', ' 123456789012']) {
      expect(answer(adminConfirmBody, { ...ok, writeOffCode }), writeOffCode).toBe('核销码为12位数字');
    }
    expect(answer(adminConfirmBody, { providerName: 'x' })).toBe('缺少核销码');
    expect(answer(adminConfirmBody, { writeOffCode: ok.writeOffCode })).toBe('缺少服务商名称');
    expect(answer(adminConfirmBody, { ...ok, providerName: '   ' })).toBe('缺少服务商名称');
    expect(answer(adminConfirmBody, { ...ok, providerName: 'x'.repeat(50) })).toBe('ok');
    expect(answer(adminConfirmBody, { ...ok, providerName: 'x'.repeat(51) })).toBe('服务商名称过长');
    expect(answer(adminConfirmBody, { ...ok, providerName: '中心\u001b' })).toBe(
      TextMessages.hiddenControl('服务商名称'),
    );
    expect(answer(adminConfirmBody, { ...ok, providerName: '\u200b' })).toBe(TextMessages.invisibleOnly('服务商名称'));
  });
});

describe('address', () => {
  const address = SAMPLE_ADDRESS;

  it('trims its text and is not the default unless asked', () => {
    expect(
      value(addressBody, {
        ...address,
        name: ' 王小明 ',
        tel: ' 13612345678 ',
        province: ' 广东省 ',
        city: ' 深圳市 ',
        county: ' 南山区 ',
        country: ' 中国 ',
        addressDetail: ' 科技园 ',
      }),
    ).toEqual({
      ...address,
      country: '中国',
      addressDetail: '科技园',
      isDefault: false,
    });
    expect(value(addressBody, { ...address, id: 4, isDefault: true })).toMatchObject({ id: 4, isDefault: true });
    for (const id of [0, -1, 1.5]) expect(answer(addressBody, { ...address, id }), String(id)).not.toBe('ok');
  });

  it('needs a name of 1 to 20 characters', () => {
    expect(answer(addressBody, { ...address, name: undefined })).toBe(Messages.nameRequired);
    expect(answer(addressBody, { ...address, name: '  ' })).toBe(Messages.nameRequired);
    expect(answer(addressBody, { ...address, name: '王'.repeat(20) })).toBe('ok');
    expect(answer(addressBody, { ...address, name: '王'.repeat(21) })).toBe('姓名不能超过20个字');
    expect(answer(addressBody, { ...address, name: '\u200b' })).toBe(TextMessages.invisibleOnly('姓名'));
  });

  it('needs a mobile or a landline', () => {
    expect(answer(addressBody, { ...address, tel: '0755-12345678' })).toBe('ok');
    for (const tel of [undefined, '', '123', '1361234567'])
      expect(answer(addressBody, { ...address, tel }), String(tel)).toBe(Messages.phoneInvalid);
  });

  it.each(['province', 'city', 'county'] as const)('needs a %s of 1 to 20 characters without controls', (field) => {
    expect(answer(addressBody, { ...address, [field]: undefined })).toBe(Messages.areaRequired);
    expect(answer(addressBody, { ...address, [field]: ' ' })).toBe(Messages.areaRequired);
    expect(answer(addressBody, { ...address, [field]: '省'.repeat(20) })).toBe('ok');
    expect(answer(addressBody, { ...address, [field]: '省'.repeat(21) })).toBe(Messages.areaRequired);
    expect(answer(addressBody, { ...address, [field]: '\u202e省' })).toBe(TextMessages.hiddenControl('地区'));
    expect(answer(addressBody, { ...address, [field]: '\u200b' })).toBe(TextMessages.invisibleOnly('地区'));
  });

  it('takes an optional country of up to 20 characters', () => {
    expect(answer(addressBody, { ...address, country: '国'.repeat(20) })).toBe('ok');
    expect(answer(addressBody, { ...address, country: '国'.repeat(21) })).not.toBe('ok');
    expect(answer(addressBody, { ...address, country: '\u200b' })).toBe(TextMessages.invisibleOnly('地区'));
  });

  it('needs a six-digit area code other than 000000', () => {
    for (const areaCode of [undefined, '', '44030', '4403051', 'a40305', '44030a', '000000']) {
      expect(answer(addressBody, { ...address, areaCode }), String(areaCode)).toBe(Messages.areaRequired);
    }
    expect(answer(addressBody, { ...address, areaCode: '000001' })).toBe('ok');
  });

  it('needs a detail of 1 to 200 characters', () => {
    expect(answer(addressBody, { ...address, addressDetail: undefined })).toBe(Messages.detailRequired);
    expect(answer(addressBody, { ...address, addressDetail: '   ' })).toBe(Messages.detailRequired);
    expect(answer(addressBody, { ...address, addressDetail: '路'.repeat(200) })).toBe('ok');
    expect(answer(addressBody, { ...address, addressDetail: '路'.repeat(201) })).toBe(Messages.detailTooLong);
    expect(answer(addressBody, { ...address, addressDetail: '科技\n园' })).toBe(TextMessages.hiddenControl('详细地址'));
  });
});

describe('ids, nickname and avatar', () => {
  it('takes a positive whole id', () => {
    expect(value(idBody, { id: 2 })).toEqual({ id: 2 });
    for (const id of [undefined, '2', 1.5, 0, -1]) expect(answer(idBody, { id }), String(id)).toBe('缺少编号');
  });

  it('takes a trimmed nickname of 1 to 20 characters', () => {
    expect(value(updateInfoBody, { nickname: ' 小明 ' })).toEqual({ nickname: '小明' });
    expect(answer(updateInfoBody, { nickname: '明'.repeat(20) })).toBe('ok');
    for (const nickname of [undefined, '', '  ', '明'.repeat(21)]) {
      expect(answer(updateInfoBody, { nickname }), String(nickname)).toBe(Messages.nicknameInvalid);
    }
  });

  it('takes a JPEG, PNG or WebP data URL', () => {
    for (const type of ['jpeg', 'png', 'webp'])
      expect(answer(updateHeadBody, { headImg: `data:image/${type};base64,AAAA+/=` }), type).toBe('ok');
    for (const headImg of [
      'data:image/gif;base64,AAAA',
      'data:image/png;base64,',
      'data:image/png;base64,AA AA',
      'xdata:image/png;base64,AAAA',
      'data:image/png;base64,AAAA!',
    ]) {
      expect(answer(updateHeadBody, { headImg }), headImg).toBe('头像须为JPG、PNG或WebP图片');
    }
    expect(answer(updateHeadBody, {})).toBe('请选择头像图片');
  });
});

describe('analytics payloads the database stores as written', () => {
  it.each([
    ['an empty object', '{}'],
    ['ordinary numbers', '{"a":1,"b":-2.5,"c":[3e10,4E-10,0,0.0,0e5]}'],
    ['exponents of ±400', '{"a":1e300,"b":1e-300}'],
    ['zeros with exponents of exactly ±400', '{"a":0e400,"b":0E-400}'],
    ['numbers inside strings, escaped quotes included', '{"a":"1e131072","b":"x\\"1e131072"}'],
    ['nesting up to the limit', `${'['.repeat(PAYLOAD_MAX_DEPTH)}1${']'.repeat(PAYLOAD_MAX_DEPTH)}`],
    ['plain values', '"text"'],
    ['null', 'null'],
  ])('keeps %s', (_what, text) => {
    expect(isStorableJson(text)).toBe(true);
  });

  it.each([
    ['text that is not JSON', '{'],
    ['an infinite number', '{"a":1e131072}'],
    ['a number rounding to zero', '{"a":1e-16384}'],
    ['zero with a huge exponent', '{"a":0e-99999}'],
    ['an exponent past 400 in a finite double', '{"a":0.00001e401}'],
    ['an exponent past -400 in a finite double', '{"a":100000e-401}'],
    ['a non-zero fraction rounding to zero', '{"a":0.1e-400}'],
    ['a negative that rounds to zero', '[-1e-400]'],
    ['a two-digit mantissa rounding to zero', '{"a":10e-325}'],
    ['a fraction ending in zero that rounds to zero', '{"a":0.10e-324}'],
    ['a number too long for a double without an exponent', `{"a":1${'0'.repeat(400)}}`],
    ['nesting past the limit', `${'['.repeat(PAYLOAD_MAX_DEPTH + 1)}1${']'.repeat(PAYLOAD_MAX_DEPTH + 1)}`],
    ['objects nested past the limit', `${'{"a":'.repeat(PAYLOAD_MAX_DEPTH + 1)}1${'}'.repeat(PAYLOAD_MAX_DEPTH + 1)}`],
    ['deep nesting after a shallow sibling', `[1,${'['.repeat(PAYLOAD_MAX_DEPTH)}1${']'.repeat(PAYLOAD_MAX_DEPTH)}]`],
  ])('refuses %s', (_what, text) => {
    expect(isStorableJson(text)).toBe(false);
  });

  it('an event has a code, a page, an index code and a JSON payload of up to 2 KB', () => {
    const event = { eventCode: 'page.view_1', page: '/index' };
    expect(value(sendMqBody, event)).toEqual({ ...event, indexCode: 'index', payload: '{}' });
    expect(answer(sendMqBody, { ...event, eventCode: `a${'b'.repeat(63)}` })).toBe('ok');
    expect(answer(sendMqBody, { ...event, eventCode: 'A' })).toBe('ok');
    for (const eventCode of ['', '1a', '_a', `a${'b'.repeat(64)}`, 'a-b', 'a b']) {
      expect(answer(sendMqBody, { ...event, eventCode }), eventCode).toBe('事件编码不正确');
    }
    expect(answer(sendMqBody, { page: '/' })).toBe('缺少事件编码');
    expect(answer(sendMqBody, { eventCode: 'a' })).toBe('缺少页面');
    expect(answer(sendMqBody, { ...event, page: 'p'.repeat(200) })).toBe('ok');
    expect(answer(sendMqBody, { ...event, page: 'p'.repeat(201) })).toBe('页面地址过长');
    expect(answer(sendMqBody, { ...event, indexCode: 'i'.repeat(32) })).toBe('ok');
    expect(answer(sendMqBody, { ...event, indexCode: 'i'.repeat(33) })).toBe('首页编码不正确');
    expect(answer(sendMqBody, { ...event, payload: `{"a":"${'x'.repeat(2040)}"}` })).toBe('ok');
    expect(answer(sendMqBody, { ...event, payload: `{"a":"${'x'.repeat(2041)}"}` })).toBe('事件内容不能超过2KB');
    expect(answer(sendMqBody, { ...event, payload: '{a:1}' })).toBe('事件内容须为JSON');
    expect(answer(sendMqBody, { ...event, payload: '{"a":1e131072}' })).toBe(
      `事件内容的数字须在有效范围内，嵌套不超过${PAYLOAD_MAX_DEPTH}层`,
    );
  });
});

describe('WeChat profile', () => {
  it('needs an open id of 1 to 64 characters, a nickname of 1 to 32, and the SSO’s sign', () => {
    const profile = { openId: 'wx_1', nickname: ' 小明 ', openIdSign: 'a'.repeat(64) };
    expect(value(wxinfoBody, profile)).toEqual({
      openId: 'wx_1',
      nickname: '小明',
      headImgUrl: '',
      openIdSign: 'a'.repeat(64),
    });
    // Whether the sign vouches is wxinfo's check (decision 0052); its absence is the same refusal.
    expect(answer(wxinfoBody, { openId: 'wx_1', nickname: '小明' })).toBe(BizDesc.wxNotVouched);
    expect(answer(wxinfoBody, { ...profile, openIdSign: 's'.repeat(129) })).toBe(BizDesc.wxNotVouched);
    expect(answer(wxinfoBody, { nickname: '小明' })).toBe('缺少微信标识');
    expect(answer(wxinfoBody, { openId: 'o'.repeat(65), nickname: '小明' })).toBe('微信标识不正确');
    expect(answer(wxinfoBody, { openId: 'wx_1', nickname: '小'.repeat(33) })).toBe('微信昵称不能超过32个字');
    expect(answer(wxinfoBody, { ...profile, headImgUrl: 'h'.repeat(501) })).toBe('微信头像地址不正确');
    expect(answer(wxinfoBody, { ...profile, openId: '' })).toBe('缺少微信标识');
    expect(answer(wxinfoBody, { ...profile, openId: 'o'.repeat(64) })).toBe('ok');
    expect(answer(wxinfoBody, { ...profile, openId: 'o'.repeat(65) })).not.toBe('ok');
    expect(answer(wxinfoBody, { openId: 'wx_1' })).toBe('缺少微信昵称');
    expect(answer(wxinfoBody, { ...profile, nickname: '  ' })).toBe('缺少微信昵称');
    expect(answer(wxinfoBody, { ...profile, nickname: '明'.repeat(32) })).toBe('ok');
    expect(answer(wxinfoBody, { ...profile, nickname: '明'.repeat(33) })).not.toBe('ok');
    expect(answer(wxinfoBody, { ...profile, headImgUrl: 'h'.repeat(500) })).toBe('ok');
    expect(answer(wxinfoBody, { ...profile, headImgUrl: 'h'.repeat(501) })).not.toBe('ok');
    expect(answer(wxinfoBody, { ...profile, headImgUrl: 'https://x\u202e' })).toBe(
      TextMessages.hiddenControl('微信头像地址'),
    );
  });
});

describe('single sign-on', () => {
  it('a ticket return needs a ticket and a source; promotion ids are short codes', () => {
    const ok = { ticket: 't', source: 's' };
    expect(value(ckQuery, { ...ok, promoterId: 'P_1-a', agentId: 'A1' })).toEqual({
      ...ok,
      promoterId: 'P_1-a',
      agentId: 'A1',
    });
    for (const ticket of [undefined, ''])
      expect(answer(ckQuery, { ...ok, ticket }), String(ticket)).toBe('登录凭证缺失，请重新登录');
    expect(answer(ckQuery, { ...ok, ticket: 't'.repeat(128) })).toBe('ok');
    expect(answer(ckQuery, { ...ok, ticket: 't'.repeat(129) })).not.toBe('ok');
    for (const source of [undefined, '']) expect(answer(ckQuery, { ...ok, source }), String(source)).toBe('缺少来源');
    expect(answer(ckQuery, { ...ok, source: 's'.repeat(32) })).toBe('ok');
    expect(answer(ckQuery, { ...ok, source: 's'.repeat(33) })).not.toBe('ok');
    for (const promoterId of ['', 'p'.repeat(33), 'a/b', '/a', 'a/']) {
      expect(answer(ckQuery, { ...ok, promoterId }), promoterId).toBe('推广参数不正确');
    }
    expect(answer(ckQuery, { ...ok, agentId: 'p'.repeat(32) })).toBe('ok');
    expect(answer(ckQuery, { ...ok, agentId: 'a b' })).toBe('推广参数不正确');
  });

  it('the attribution lookup, the SMS and the login take a trimmed mobile', () => {
    expect(value(adminAttributionQuery, { phone: ' 13612345678 ' })).toEqual({ phone: '13612345678' });
    expect(value(ssoSmsBody, { phone: ' 13612345678 ' })).toEqual({ phone: '13612345678' });
    expect(value(ssoLoginForm, { phone: ' 13612345678 ', code: '123456', redirect_url: '/' })).toMatchObject({
      phone: '13612345678',
    });
    for (const schema of [adminAttributionQuery, ssoSmsBody]) {
      for (const phone of [undefined, '0755-12345678', '1361234567'])
        expect(answer(schema, { phone }), String(phone)).toBe(Messages.mobileInvalid);
    }
  });

  it('the login form needs a mobile, a six-digit code and a return address', () => {
    const form = { phone: '13612345678', code: ' 123456 ', redirect_url: 'http://portal/ck' };
    expect(value(ssoLoginForm, form)).toEqual({ ...form, code: '123456', source: '', data: 'index' });
    expect(answer(ssoLoginForm, { ...form, phone: '0755-12345678' })).toBe(Messages.mobileInvalid);
    expect(answer(ssoLoginForm, { ...form, phone: undefined })).toBe(Messages.mobileInvalid);
    for (const code of [undefined, '12345', '1234567', 'a23456', '12345a']) {
      expect(answer(ssoLoginForm, { ...form, code }), String(code)).toBe(Messages.smsCodeInvalid);
    }
    for (const redirect_url of [undefined, ''])
      expect(answer(ssoLoginForm, { ...form, redirect_url }), String(redirect_url)).toBe('缺少回跳地址');
    expect(answer(ssoLoginForm, { ...form, redirect_url: 'r'.repeat(2000) })).toBe('ok');
    expect(answer(ssoLoginForm, { ...form, redirect_url: 'r'.repeat(2001) })).not.toBe('ok');
    expect(answer(ssoLoginForm, { ...form, source: 's'.repeat(32), data: 'd'.repeat(64) })).toBe('ok');
    expect(answer(ssoLoginForm, { ...form, source: 's'.repeat(33) })).not.toBe('ok');
    expect(answer(ssoLoginForm, { ...form, data: 'd'.repeat(65) })).not.toBe('ok');
  });
});

describe('firstIssue', () => {
  it('gives the first message, or a general one when there is none', () => {
    const parsed = ssoLoginForm.safeParse({});
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(firstIssue(parsed.error)).toBe(Messages.mobileInvalid);
    expect(firstIssue({ issues: [] } as unknown as z.ZodError)).toBe(BizDesc.inputInvalid);
  });
});

describe('messages', () => {
  it('a check without a message of its own still answers in Chinese, never with zod’s English', () => {
    expect(answer(z.object({ a: z.string().max(1) }), { a: 'ab' })).toBe(BizDesc.inputInvalid);
  });
});
