/**
 * THE table of contract cases (docs/product.md §11.2): every endpoint's happy path and
 * its 10001 answers (and the admin key's 401), with the exact code and Chinese desc. The gateway runs it through
 * `app.inject` (contract-cases.test.ts); the portal's msw handlers can run the same rows, so
 * the two cannot drift. Rows run in order on freshly seeded demo data (contract/demo-data.ts);
 * a row may rely on the rows before it, never on anything else. Replay, rate limits and
 * races belong to the gateway alone and are not here.
 *
 * Imports only contract/: safe to import from tests/ and src/.
 */
import { BizDesc, Code } from '../../contract/codes';
import { CURRENT_AGREEMENT_VERSION } from '../../contract/demo-data';
import { endpoints } from '../../contract/endpoints';
import { SAMPLE_ADDRESS } from '../../contract/input-samples';
import { Messages, TextMessages } from '../../contract/validation';

/** Who sends the row: a demo user (by role), nobody, or the admin key. */
export type CaseActor = 'customer' | 'agent' | 'empty' | 'anonymous' | 'admin';

export interface ContractCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  as: CaseActor;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Send the body form-urlencoded (docs/product.md §7 form posts). */
  form?: boolean;
  /** With `as: 'admin'`: the X-Admin-Key sent instead of the demo key. */
  adminKey?: string;
  expect: {
    code: number;
    /** Required for 10001 rows: the exact Chinese sentence. */
    desc?: string;
    /** A partial shape `obj` must match (toMatchObject). */
    obj?: unknown;
  };
}

/** A 1×1 PNG, the smallest valid avatar. */
export const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const ok = (obj?: unknown) => ({ code: Code.ok, ...(obj === undefined ? {} : { obj }) });
const refused = (desc: string) => ({ code: Code.businessError, desc });

const address = { ...SAMPLE_ADDRESS, isDefault: false };

/**
 * Signs the stand-in SSO gives with DEMO_SSO_SECRET (contract/wx-vouch.ts), for an openId and
 * the phone that logged in: 13700137000 (`empty`) and 13800138000 (`customer`) with wx_case_empty.
 */
const VOUCHED = {
  emptyWxCaseEmpty: '913d6845835d2f21a0a614988c0689ba7a848945e957a63c60b28df6f5d60ca3',
  customerWxCaseEmpty: 'b5d8a9a118874172483e4eb32a6d962f079d8c266095fee29ebebe15f8b4e087',
};

export const contractCases: ContractCase[] = [
  // ── notices ─────────────────────────────────────────────────────────────
  { name: 'notice list A', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { pageNum: 1, pageSize: 10 }, expect: ok({ total: 14, pageNum: 1, pageSize: 10 }) },
  { name: 'notice list B', method: 'GET', path: endpoints.noticeListB, as: 'customer', query: { pageNum: 2, pageSize: 10 }, expect: ok({ total: 14, pageNum: 2 }) },
  { name: 'notice list past the last page', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { pageNum: 99, pageSize: 10 }, expect: ok({ list: [], total: 14, pageNum: 99 }) },
  { name: 'notice list unread only', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { readFlag: 0 }, expect: ok({ total: 5 }) },
  { name: 'notice list pageSize clamped to 50', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { pageSize: 100 }, expect: ok({ pageSize: 50 }) },
  { name: 'notice list pageNum 0', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { pageNum: 0 }, expect: refused('页码必须是正整数') },
  { name: 'notice list pageNum not a number', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { pageNum: 'abc' }, expect: refused('页码必须是正整数') },
  { name: 'notice list pageSize 0', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { pageSize: 0 }, expect: refused('每页条数必须是正整数') },
  { name: 'notice list readFlag 2', method: 'GET', path: endpoints.noticeList, as: 'customer', query: { readFlag: 2 }, expect: refused('阅读状态只能是0或1') },
  { name: 'notice count', method: 'GET', path: endpoints.noticeCount, as: 'customer', expect: ok({ unreadCount: 5 }) },
  { name: 'notice read one', method: 'PUT', path: endpoints.noticeReadOne, as: 'customer', body: { id: 6 }, expect: ok({ updated: 1 }) },
  { name: 'notice read one again is idempotent', method: 'PUT', path: endpoints.noticeReadOne, as: 'customer', body: { id: 6 }, expect: ok({ updated: 0 }) },
  { name: "notice read one: someone else's", method: 'PUT', path: endpoints.noticeReadOne, as: 'customer', body: { id: 17 }, expect: ok({ updated: 0 }) },
  { name: 'notice read one: missing id', method: 'PUT', path: endpoints.noticeReadOne, as: 'customer', body: {}, expect: refused('缺少编号') },
  { name: 'notice read one: id of wrong type', method: 'PUT', path: endpoints.noticeReadOne, as: 'customer', body: { id: 'x' }, expect: refused('缺少编号') },
  { name: 'notice read all', method: 'PUT', path: endpoints.noticeReadAll, as: 'agent', expect: ok({ updated: 1 }) },
  { name: 'notice read all again', method: 'PUT', path: endpoints.noticeReadAll, as: 'agent', expect: ok({ updated: 0 }) },

  // ── consumption records ─────────────────────────────────────────────────
  { name: 'consume count', method: 'GET', path: endpoints.consumeCount, as: 'customer', expect: ok({ total: 8, toEvaluate: 3, evaluated: 3 }) },
  { name: 'consume list', method: 'GET', path: endpoints.consumeList, as: 'customer', query: { pageNum: 1, pageSize: 5 }, expect: ok({ total: 8, pageSize: 5 }) },
  { name: 'consume list to evaluate', method: 'GET', path: endpoints.consumeList, as: 'customer', query: { evaluateStatus: 0 }, expect: ok({ total: 3 }) },
  { name: 'consume list evaluated', method: 'GET', path: endpoints.consumeList, as: 'customer', query: { evaluateStatus: 1 }, expect: ok({ total: 3 }) },
  { name: 'consume list evaluateStatus 3', method: 'GET', path: endpoints.consumeList, as: 'customer', query: { evaluateStatus: 3 }, expect: refused('评价状态只能是0或1') },
  { name: 'consume detail', method: 'GET', path: endpoints.consumeDetail, as: 'customer', query: { id: 1 }, expect: ok({ id: 1, status: 'success', evaluateStatus: 1, score: 5 }) },
  { name: 'consume detail: missing id', method: 'GET', path: endpoints.consumeDetail, as: 'customer', expect: refused('缺少记录编号') },
  { name: 'consume detail: id not a number', method: 'GET', path: endpoints.consumeDetail, as: 'customer', query: { id: 'x' }, expect: refused('缺少记录编号') },
  { name: "consume detail: someone else's", method: 'GET', path: endpoints.consumeDetail, as: 'agent', query: { id: 1 }, expect: refused(BizDesc.consumeNotFound) },
  { name: 'consume detail: no such id', method: 'GET', path: endpoints.consumeDetail, as: 'customer', query: { id: 99999 }, expect: refused(BizDesc.consumeNotFound) },

  // ── evaluation ──────────────────────────────────────────────────────────
  { name: 'evaluate', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 6, score: 5, content: '医生很耐心', tags: ['服务热情'] }, expect: ok({ consumeId: 6, score: 5, content: '医生很耐心', tags: ['服务热情'] }) },
  { name: 'evaluate twice', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 6, score: 4 }, expect: refused(BizDesc.alreadyEvaluated) },
  { name: 'evaluate a seeded evaluated record', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 1, score: 4 }, expect: refused(BizDesc.alreadyEvaluated) },
  { name: 'evaluate a failed record', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 7, score: 4 }, expect: refused(BizDesc.notEvaluable) },
  { name: "evaluate someone else's record", method: 'POST', path: endpoints.evaluate, as: 'agent', body: { consumeId: 4, score: 4 }, expect: refused(BizDesc.consumeNotFound) },
  { name: 'evaluate: missing consumeId', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { score: 4 }, expect: refused('缺少服务记录') },
  { name: 'evaluate: missing score', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4 }, expect: refused(Messages.scoreRequired) },
  { name: 'evaluate: score 0', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4, score: 0 }, expect: refused(Messages.scoreRequired) },
  { name: 'evaluate: score 6', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4, score: 6 }, expect: refused('评分只能是1到5星') },
  { name: 'evaluate: score as a string', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4, score: '5' }, expect: refused(Messages.scoreRequired) },
  { name: 'evaluate: content too long', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4, score: 5, content: '好'.repeat(201) }, expect: refused(Messages.contentTooLong) },
  { name: 'evaluate: content with an escape sequence', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4, score: 5, content: '很好\u001b[2J' }, expect: refused(TextMessages.hiddenControl('评价内容')) },
  { name: 'evaluate: too many tags', method: 'POST', path: endpoints.evaluate, as: 'customer', body: { consumeId: 4, score: 5, tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, expect: refused('评价标签最多6个') },

  // ── write-off ───────────────────────────────────────────────────────────
  { name: 'write-off', method: 'POST', path: endpoints.writeOff, as: 'customer', body: { rightId: 4 }, expect: ok({ rightId: 4, status: 'pending', evaluateStatus: 0 }) },
  { name: 'write-off again returns the pending one', method: 'POST', path: endpoints.writeOff, as: 'customer', body: { rightId: 4 }, expect: ok({ rightId: 4, status: 'pending' }) },
  { name: 'write-off: times used up', method: 'POST', path: endpoints.writeOff, as: 'customer', body: { rightId: 2 }, expect: refused(BizDesc.rightUsedUp) },
  { name: 'write-off: right expired', method: 'POST', path: endpoints.writeOff, as: 'customer', body: { rightId: 7 }, expect: refused(BizDesc.rightExpired) },
  { name: "write-off: someone else's right", method: 'POST', path: endpoints.writeOff, as: 'customer', body: { rightId: 9 }, expect: refused(BizDesc.rightNotFound) },
  { name: 'write-off: missing rightId', method: 'POST', path: endpoints.writeOff, as: 'customer', body: {}, expect: refused('缺少权益编号') },
  { name: 'write-off: rightId of wrong type', method: 'POST', path: endpoints.writeOff, as: 'customer', body: { rightId: 'a' }, expect: refused('缺少权益编号') },

  // ── admin confirm ───────────────────────────────────────────────────────
  { name: 'confirm: wrong admin key', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'admin', adminKey: 'not-the-admin-key', body: { writeOffCode: '603128475910', providerName: '测试门诊' }, expect: { code: Code.unauthorized, desc: BizDesc.adminKeyInvalid, obj: null } },
  { name: 'confirm: no admin key', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'anonymous', body: { writeOffCode: '603128475910', providerName: '测试门诊' }, expect: { code: Code.unauthorized, desc: BizDesc.adminKeyInvalid, obj: null } },
  { name: 'confirm: unknown code', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'admin', body: { writeOffCode: '000000000000', providerName: '测试门诊' }, expect: refused(BizDesc.codeNotFound) },
  { name: 'confirm: used code', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'admin', body: { writeOffCode: '603128475910', providerName: '测试门诊' }, expect: refused(BizDesc.codeUsed) },
  { name: 'confirm: expired code', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'admin', body: { writeOffCode: '631859720448', providerName: '测试门诊' }, expect: refused(BizDesc.codeExpired) },
  { name: 'confirm: code not 12 digits', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'admin', body: { writeOffCode: '12345', providerName: '测试门诊' }, expect: refused('核销码为12位数字') },
  { name: 'confirm: missing provider', method: 'POST', path: endpoints.adminWriteOffConfirm, as: 'admin', body: { writeOffCode: '000000000000' }, expect: refused('缺少服务商名称') },

  // ── admin attribution (decision 0025) ───────────────────────────────────
  { name: 'attribution of a customer nobody brought', method: 'GET', path: endpoints.adminAttribution, as: 'admin', query: { phone: '13800138000' }, expect: ok() },
  { name: 'attribution: wrong admin key', method: 'GET', path: endpoints.adminAttribution, as: 'admin', adminKey: 'not-the-admin-key', query: { phone: '13800138000' }, expect: { code: Code.unauthorized, desc: BizDesc.adminKeyInvalid, obj: null } },
  { name: 'attribution: not a mobile', method: 'GET', path: endpoints.adminAttribution, as: 'admin', query: { phone: '010-12345678' }, expect: refused(Messages.mobileInvalid) },

  // ── rights ──────────────────────────────────────────────────────────────
  { name: 'rights list', method: 'GET', path: endpoints.rightsList, as: 'customer', expect: ok() },
  { name: 'rights list by status', method: 'GET', path: endpoints.rightsList, as: 'customer', query: { status: 'expired' }, expect: ok([{ id: 7, status: 'expired' }, { id: 8, status: 'expired' }]) },
  { name: 'rights list by product line', method: 'GET', path: endpoints.rightsList, as: 'agent', query: { productLine: 'std' }, expect: ok([{ id: 9, totalTimes: null }, { id: 10 }]) },
  { name: 'rights list of a customer without rights', method: 'GET', path: endpoints.rightsList, as: 'empty', expect: ok([]) },
  { name: 'rights list: bad status', method: 'GET', path: endpoints.rightsList, as: 'customer', query: { status: 'gone' }, expect: refused('权益状态不正确') },
  { name: 'rights list: bad product line', method: 'GET', path: endpoints.rightsList, as: 'customer', query: { productLine: 'xyz' }, expect: refused('产品线不正确') },

  // ── home ────────────────────────────────────────────────────────────────
  { name: 'getMore (public)', method: 'GET', path: endpoints.portalGetMore, as: 'anonymous', query: { indexCode: 'ebt' }, expect: ok() },
  { name: 'getMore: bad indexCode', method: 'GET', path: endpoints.portalGetMore, as: 'anonymous', query: { indexCode: 'no spaces!' }, expect: refused('首页编码不正确') },

  // ── personal information ────────────────────────────────────────────────
  { name: 'update nickname', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: '  王丽丽 ' }, expect: ok({ nickname: '王丽丽', mobilePhone: '13700137000' }) },
  { name: 'update nickname: empty', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: '   ' }, expect: refused(Messages.nicknameInvalid) },
  { name: 'update nickname: too long', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: '名'.repeat(21) }, expect: refused(Messages.nicknameInvalid) },
  { name: 'update nickname: wrong type', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: 12 }, expect: refused(Messages.nicknameInvalid) },
  { name: 'update nickname: an escape sequence', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: '王丽\u001b[31m' }, expect: refused(TextMessages.hiddenControl('昵称')) },
  { name: 'update nickname: a right-to-left override', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: '王丽\u202e丽' }, expect: refused(TextMessages.hiddenControl('昵称')) },
  { name: 'update nickname: only zero-width characters', method: 'POST', path: endpoints.updateInfo, as: 'empty', body: { nickname: '\u200b\u200d\ufeff' }, expect: refused(TextMessages.invisibleOnly('昵称')) },
  { name: 'update avatar', method: 'POST', path: endpoints.updateHead, as: 'empty', form: true, body: { headImg: TINY_PNG_DATA_URL }, expect: ok() },
  { name: 'update avatar: missing', method: 'POST', path: endpoints.updateHead, as: 'empty', form: true, body: {}, expect: refused('请选择头像图片') },
  { name: 'update avatar: not an image data URL', method: 'POST', path: endpoints.updateHead, as: 'empty', form: true, body: { headImg: 'data:text/plain;base64,aGVsbG8=' }, expect: refused(BizDesc.avatarInvalid) },
  { name: 'update avatar: PNG prefix, GIF bytes', method: 'POST', path: endpoints.updateHead, as: 'empty', form: true, body: { headImg: 'data:image/png;base64,R0lGODlhAQABAAAAACw=' }, expect: refused(BizDesc.avatarInvalid) },

  // ── addresses ───────────────────────────────────────────────────────────
  { name: 'address list', method: 'GET', path: endpoints.addressList, as: 'customer', expect: ok([{ id: 1, isDefault: true }, { id: 2, isDefault: false }]) },
  { name: 'address save new', method: 'POST', path: endpoints.addressSave, as: 'customer', body: address, expect: ok({ ...address, isDefault: false }) },
  { name: 'address save with a landline', method: 'POST', path: endpoints.addressSave, as: 'agent', body: { ...address, tel: '010-12345678' }, expect: ok({ tel: '010-12345678', isDefault: true }) },
  { name: 'address save: edit own', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, id: 2, addressDetail: '安贞里小区3号楼' }, expect: ok({ id: 2, addressDetail: '安贞里小区3号楼' }) },
  { name: 'address save: the default saved without 设为默认 stays the default', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, id: 1, isDefault: false }, expect: ok({ id: 1, isDefault: true }) },
  { name: "address save: someone else's", method: 'POST', path: endpoints.addressSave, as: 'agent', body: { ...address, id: 1 }, expect: refused(BizDesc.addressNotFound) },
  { name: 'address save: missing name', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, name: '' }, expect: refused(Messages.nameRequired) },
  // Region names come from the picker; the longest (克孜勒苏柯尔克孜自治州) has 11 characters.
  { name: 'address save: a region name no picker gives', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, county: '区'.repeat(21) }, expect: refused(Messages.areaRequired) },
  { name: 'address save: bad phone', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, tel: '12345' }, expect: refused(Messages.phoneInvalid) },
  { name: 'address save: no area', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, areaCode: '000000' }, expect: refused(Messages.areaRequired) },
  { name: 'address save: missing detail', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, addressDetail: ' ' }, expect: refused(Messages.detailRequired) },
  { name: 'address save: detail too long', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, addressDetail: '路'.repeat(201) }, expect: refused(Messages.detailTooLong) },
  { name: 'address save: a control character in the detail', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, addressDetail: '科技园\u0007南路' }, expect: refused(TextMessages.hiddenControl('详细地址')) },
  { name: 'address save: a bidi isolate in the name', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, name: '王\u2066小明' }, expect: refused(TextMessages.hiddenControl('姓名')) },
  { name: 'address save: a name of only zero-width characters', method: 'POST', path: endpoints.addressSave, as: 'customer', body: { ...address, name: '\u200b\u2060' }, expect: refused(TextMessages.invisibleOnly('姓名')) },
  { name: 'address delete', method: 'POST', path: endpoints.addressDelete, as: 'customer', body: { id: 2 }, expect: ok() },
  { name: 'address delete: the default', method: 'POST', path: endpoints.addressDelete, as: 'customer', body: { id: 1 }, expect: ok() },
  { name: 'address list: the one left is the default', method: 'GET', path: endpoints.addressList, as: 'customer', expect: ok([{ isDefault: true }]) },
  { name: "address delete: someone else's", method: 'POST', path: endpoints.addressDelete, as: 'agent', body: { id: 1 }, expect: refused(BizDesc.addressNotFound) },
  { name: 'address delete: missing id', method: 'POST', path: endpoints.addressDelete, as: 'customer', body: {}, expect: refused('缺少编号') },

  // ── analytics ───────────────────────────────────────────────────────────
  { name: 'sendMq anonymous', method: 'POST', path: endpoints.sendMq, as: 'anonymous', form: true, body: { eventCode: 'page_view', page: '/index', indexCode: 'index', payload: '{"ms":120}' }, expect: ok(null) },
  { name: 'sendMq signed in', method: 'POST', path: endpoints.sendMq, as: 'customer', form: true, body: { eventCode: 'tap.banner', page: '/index' }, expect: ok(null) },
  { name: 'sendMq: missing eventCode', method: 'POST', path: endpoints.sendMq, as: 'anonymous', form: true, body: { page: '/index' }, expect: refused('缺少事件编码') },
  { name: 'sendMq: bad eventCode', method: 'POST', path: endpoints.sendMq, as: 'anonymous', form: true, body: { eventCode: '1-bad', page: '/index' }, expect: refused('事件编码不正确') },
  { name: 'sendMq: payload not JSON', method: 'POST', path: endpoints.sendMq, as: 'anonymous', form: true, body: { eventCode: 'page_view', page: '/index', payload: '{oops' }, expect: refused('事件内容须为JSON') },
  { name: 'sendMq: payload too long', method: 'POST', path: endpoints.sendMq, as: 'anonymous', form: true, body: { eventCode: 'page_view', page: '/index', payload: JSON.stringify('x'.repeat(2100)) }, expect: refused('事件内容不能超过2KB') },

  // ── login, WeChat, agreement ────────────────────────────────────────────
  { name: 'ck: missing ticket', method: 'GET', path: endpoints.loginCk, as: 'anonymous', query: { source: 'h5portal' }, expect: refused('登录凭证缺失，请重新登录') },
  { name: 'ck: unknown ticket', method: 'GET', path: endpoints.loginCk, as: 'anonymous', query: { ticket: 'no-such-ticket', source: 'h5portal' }, expect: refused(BizDesc.ticketInvalid) },
  { name: 'ck: missing source', method: 'GET', path: endpoints.loginCk, as: 'anonymous', query: { ticket: 'no-such-ticket' }, expect: refused('缺少来源') },
  { name: 'ckNew: unknown ticket', method: 'GET', path: endpoints.loginCkNew, as: 'anonymous', query: { ticket: 'no-such-ticket', source: 'h5portal' }, expect: refused(BizDesc.ticketInvalid) },
  { name: 'ck: bad promoterId', method: 'GET', path: endpoints.loginCk, as: 'anonymous', query: { ticket: 't', source: 'h5portal', promoterId: 'a b' }, expect: refused('推广参数不正确') },
  { name: 'wxinfo', method: 'POST', path: endpoints.wxinfo, as: 'empty', body: { openId: 'wx_case_empty', nickname: '微信用户7000', headImgUrl: '/sso/wx-avatar.svg', openIdSign: VOUCHED.emptyWxCaseEmpty }, expect: ok({ userId: 'u-13700137000', nickname: '王丽丽' }) },
  { name: 'wxinfo: no sign from the SSO', method: 'POST', path: endpoints.wxinfo, as: 'customer', body: { openId: 'wx_case_customer', nickname: '微信用户' }, expect: refused(BizDesc.wxNotVouched) },
  { name: "wxinfo: a sign the SSO gave another phone's login", method: 'POST', path: endpoints.wxinfo, as: 'customer', body: { openId: 'wx_case_empty', nickname: '微信用户', openIdSign: VOUCHED.emptyWxCaseEmpty }, expect: refused(BizDesc.wxNotVouched) },
  { name: 'wxinfo: a forged sign', method: 'POST', path: endpoints.wxinfo, as: 'customer', body: { openId: 'wx_case_customer', nickname: '微信用户', openIdSign: '0'.repeat(64) }, expect: refused(BizDesc.wxNotVouched) },
  { name: 'wxinfo: openId bound to someone else', method: 'POST', path: endpoints.wxinfo, as: 'customer', body: { openId: 'wx_case_empty', nickname: '微信用户', openIdSign: VOUCHED.customerWxCaseEmpty }, expect: refused(BizDesc.wxBoundElsewhere) },
  { name: 'wxinfo: missing openId', method: 'POST', path: endpoints.wxinfo, as: 'empty', body: { nickname: '微信用户' }, expect: refused('缺少微信标识') },
  { name: 'wxinfo: missing nickname', method: 'POST', path: endpoints.wxinfo, as: 'empty', body: { openId: 'wx_1' }, expect: refused('缺少微信昵称') },
  { name: 'agreement status', method: 'GET', path: endpoints.agreement, as: 'customer', expect: ok({ userAgreementVersion: 'v2', thirdPartyListVersion: 'v2', agreed: true }) },
  { name: 'agree', method: 'POST', path: endpoints.agreementAgree, as: 'agent', expect: ok({ userId: 'u-13900139000', role: 'agent', agreementVersion: CURRENT_AGREEMENT_VERSION }) },
];
