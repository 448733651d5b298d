/**
 * Demo data (docs/product.md §10), seeded by the gateway on first start (idempotently) and loaded into
 * the msw database for unit tests and `npm run dev:mock`. Fixed values, no clock: dates are
 * chosen so that "available" rights stay valid until 2029 and "expired" ones ended in 2025.
 *
 * FILLED IN BY: content work (see docs). Shape is binding for the gateway seed and msw.
 */
import type { Address, ConsumptionStatus, Notice, ProductLine, Right, Role } from './types';

export interface DemoUser {
  userId: string;
  mobilePhone: string;
  nickname: string;
  headUrl: string;
  role: Role;
  /** Agreement versions already accepted; undefined = not yet accepted. */
  agreementVersion?: string;
  /** Agents only: the id written into their share link. */
  promoterId?: string;
  agentId?: string;
  ucAgentUserId?: string;
  ucUserId: string;
}

export interface DemoRight extends Omit<Right, 'status'> {
  userId: string;
}

export interface DemoConsumption {
  id: number;
  userId: string;
  rightId: number;
  providerName: string;
  writeOffCode: string;
  status: Exclude<ConsumptionStatus, 'pending'>;
  createTime: string;
  consumeTime?: string;
  evaluation?: { score: number; content: string; tags: string[]; createTime: string };
}

export interface DemoNotice extends Omit<Notice, 'readFlag'> {
  userId: string;
  readFlag: 0 | 1;
}

export interface DemoAddress extends Address {
  userId: string;
}

/** Current agreement document versions (GET A/userAgreement/). */
/**
 * The stand-in SSO's key outside production (gateway setting SSO_SECRET), with which msw
 * checks openIds as the gateway does; a production start refuses it (decision 0052).
 */
export const DEMO_SSO_SECRET = 'demo-sso-secret';

export const AGREEMENT_VERSIONS = { userAgreementVersion: 'v2', thirdPartyListVersion: 'v2' } as const;
/** The agreementVersion a user has once they accepted the current documents. */
export const CURRENT_AGREEMENT_VERSION = `${AGREEMENT_VERSIONS.userAgreementVersion}-${AGREEMENT_VERSIONS.thirdPartyListVersion}`;

/** The welcome notice every new customer gets (docs/product.md §10). */
export const WELCOME_NOTICE: Omit<DemoNotice, 'id' | 'userId' | 'createTime'> = {
  title: '欢迎使用健康服务平台',
  content: '<p>您好，欢迎来到健康服务平台。在“我的权益”中可以查看保单附带的健康服务，使用时出示核销码即可。</p>',
  noticeType: 'system',
  readFlag: 0,
};

const CUSTOMER = 'u-13800138000';
const AGENT = 'u-13900139000';
const EMPTY_CUSTOMER = 'u-13700137000';

export const demoUsers: DemoUser[] = [
  {
    userId: CUSTOMER,
    mobilePhone: '13800138000',
    nickname: '张晓明',
    headUrl: '',
    role: 'customer',
    agreementVersion: CURRENT_AGREEMENT_VERSION,
    ucUserId: 'UC20260001',
  },
  {
    userId: AGENT,
    mobilePhone: '13900139000',
    nickname: '李经理',
    headUrl: '',
    role: 'agent',
    agreementVersion: CURRENT_AGREEMENT_VERSION,
    promoterId: 'P100239',
    agentId: 'A9001',
    ucAgentUserId: 'UA9001',
    ucUserId: 'UC20260002',
  },
  {
    userId: EMPTY_CUSTOMER,
    mobilePhone: '13700137000',
    nickname: '王丽',
    headUrl: '',
    role: 'customer',
    agreementVersion: CURRENT_AGREEMENT_VERSION,
    ucUserId: 'UC20260003',
  },
];

/**
 * Rights. Status is derived by readers: expired when validTo is past, used when
 * usedTimes === totalTimes, else available. 1-6 and 9-10 end 2029-12-31; 7 and 8 ended in 2025.
 */
export const demoRights: DemoRight[] = [
  // available, unlimited
  { id: 1, userId: CUSTOMER, name: '在线问诊', serviceCode: 'online_consult', productLine: 'std', policyNo: 'P2024****8812', totalTimes: null, usedTimes: 3, validFrom: '2025-01-01', validTo: '2029-12-31' },
  // used up, still in date
  { id: 2, userId: CUSTOMER, name: '年度体检', serviceCode: 'checkup', productLine: 'std', policyNo: 'P2024****8812', totalTimes: 1, usedTimes: 1, validFrom: '2025-01-01', validTo: '2029-12-31' },
  // available
  { id: 3, userId: CUSTOMER, name: '齿科保健', serviceCode: 'dental_care', productLine: 'ebt', policyNo: 'G2025****0376', totalTimes: 2, usedTimes: 1, validFrom: '2025-07-01', validTo: '2029-12-31' },
  // available, never used
  { id: 4, userId: CUSTOMER, name: '就医绿通', serviceCode: 'green_channel', productLine: 'ebt', policyNo: 'G2025****0376', totalTimes: 3, usedTimes: 0, validFrom: '2025-07-01', validTo: '2029-12-31' },
  // available
  { id: 5, userId: CUSTOMER, name: '慢病管理随访', serviceCode: 'chronic_care', productLine: 'ryb', policyNo: 'R2025****5120', totalTimes: 12, usedTimes: 2, validFrom: '2025-03-01', validTo: '2029-12-31' },
  // used up, still in date
  { id: 6, userId: CUSTOMER, name: '心理咨询', serviceCode: 'mental_consult', productLine: 'ryb', policyNo: 'R2025****5120', totalTimes: 4, usedTimes: 4, validFrom: '2025-03-01', validTo: '2029-12-31' },
  // expired
  { id: 7, userId: CUSTOMER, name: '体检报告解读', serviceCode: 'report_reading', productLine: 'std', policyNo: 'P2023****4471', totalTimes: 2, usedTimes: 1, validFrom: '2024-01-01', validTo: '2025-12-31' },
  // expired, never used
  { id: 8, userId: CUSTOMER, name: '眼科检查', serviceCode: 'eye_exam', productLine: 'ebt', policyNo: 'G2024****2095', totalTimes: 1, usedTimes: 0, validFrom: '2024-07-01', validTo: '2025-06-30' },
  // agent's own rights, both available
  { id: 9, userId: AGENT, name: '在线问诊', serviceCode: 'online_consult', productLine: 'std', policyNo: 'P2025****3307', totalTimes: null, usedTimes: 0, validFrom: '2025-01-01', validTo: '2029-12-31' },
  { id: 10, userId: AGENT, name: '健康评测', serviceCode: 'health_assess', productLine: 'std', policyNo: 'P2025****3307', totalTimes: 1, usedTimes: 0, validFrom: '2025-01-01', validTo: '2029-12-31' },
];

/** Consumption records of 13800138000: six successes (three evaluated), one failed, one expired. */
export const demoConsumptions: DemoConsumption[] = [
  {
    id: 1, userId: CUSTOMER, rightId: 1, providerName: '康源健康科技有限公司', writeOffCode: '603128475910', status: 'success',
    createTime: '2026-03-12 14:20:31', consumeTime: '2026-03-12 14:23:05',
    evaluation: { score: 5, content: '医生回复很快，解释得很清楚，还提醒我多喝水、注意休息。', tags: ['回复及时', '解答专业'], createTime: '2026-03-12 16:02:40' },
  },
  {
    id: 2, userId: CUSTOMER, rightId: 2, providerName: '佳检健康体检连锁有限公司', writeOffCode: '418275036491', status: 'success',
    createTime: '2026-04-18 07:52:10', consumeTime: '2026-04-18 07:55:43',
    evaluation: { score: 5, content: '预约方便，到前台出示核销码就安排体检了，流程很顺，抽血也不用等。', tags: ['流程顺畅', '服务热情'], createTime: '2026-04-19 10:12:00' },
  },
  {
    id: 3, userId: CUSTOMER, rightId: 1, providerName: '康源健康科技有限公司', writeOffCode: '729340158602', status: 'success',
    createTime: '2026-05-20 19:48:02', consumeTime: '2026-05-20 19:50:37',
    evaluation: { score: 4, content: '整体不错，就是晚上等了十来分钟才接诊。', tags: ['解答专业'], createTime: '2026-05-21 08:30:15' },
  },
  {
    id: 4, userId: CUSTOMER, rightId: 5, providerName: '康源健康科技有限公司', writeOffCode: '350961842750', status: 'success',
    createTime: '2026-06-10 13:45:20', consumeTime: '2026-06-10 13:47:02',
  },
  {
    id: 5, userId: CUSTOMER, rightId: 6, providerName: '心语心理健康服务中心', writeOffCode: '862014397325', status: 'success',
    createTime: '2026-07-15 19:00:11', consumeTime: '2026-07-15 19:01:48',
  },
  {
    id: 6, userId: CUSTOMER, rightId: 3, providerName: '悦齿口腔门诊连锁有限公司', writeOffCode: '195736402861', status: 'success',
    createTime: '2026-08-02 10:31:09', consumeTime: '2026-08-02 10:33:40',
  },
  {
    id: 7, userId: CUSTOMER, rightId: 4, providerName: '康途医疗服务有限公司', writeOffCode: '547208319634', status: 'failed',
    createTime: '2026-09-05 09:40:00',
  },
  {
    id: 8, userId: CUSTOMER, rightId: 5, providerName: '康源健康科技有限公司', writeOffCode: '631859720448', status: 'expired',
    createTime: '2026-09-20 15:10:27',
  },
];

/**
 * Notices, newest first. Ids grow with createTime and are unique across users.
 * Notice 6 carries hostile HTML on purpose: it must be rendered sanitised.
 */
export const demoNotices: DemoNotice[] = [
  // 13800138000: 14 notices, 5 unread (6, 9, 11, 12, 13)
  {
    id: 14, userId: CUSTOMER, noticeType: 'system', readFlag: 1, createTime: '2026-10-01 09:00:00',
    title: '平台用户协议已更新',
    content: '<p>《平台用户协议》和《第三方共享个人信息清单》已更新至第2版，主要调整了合作服务商名单和信息删除期限。</p><p>您已于登录时确认新版本，无需再次操作。</p>',
  },
  {
    id: 13, userId: CUSTOMER, noticeType: 'service', readFlag: 0, createTime: '2026-09-20 15:25:30',
    title: '核销码已过期',
    content: '<p>您在 09-20 15:10 生成的<strong>慢病管理随访</strong>核销码已超过15分钟未使用，已自动失效，权益次数未扣减。</p><p>需要时请重新点击“立即使用”生成新的核销码。</p>',
    linkUrl: '/rights',
  },
  {
    id: 12, userId: CUSTOMER, noticeType: 'service', readFlag: 0, createTime: '2026-09-05 09:52:18',
    title: '就医绿通核销未成功',
    content: '<p>您的<strong>就医绿通</strong>服务核销未成功，权益次数未扣减。</p><p>可能是服务商系统暂时繁忙，请稍后重试，或拨打客服热线 400-820-8820 协助处理。</p>',
    linkUrl: '/rights',
  },
  {
    id: 11, userId: CUSTOMER, noticeType: 'service', readFlag: 0, createTime: '2026-08-02 10:34:02',
    title: '齿科保健已核销，欢迎评价',
    content: '<p>您已在悦齿口腔门诊完成<strong>齿科保健</strong>服务核销，本权益剩余1次。</p><p>洁牙后24小时内请避免过冷过热的食物。欢迎在“使用记录”中评价本次服务。</p>',
    linkUrl: '/rights?tab=records',
  },
  {
    id: 10, userId: CUSTOMER, noticeType: 'rights', readFlag: 1, createTime: '2026-07-15 19:02:10',
    title: '心理咨询权益已用完',
    content: '<p>您的<strong>心理咨询</strong>权益4次已全部使用。如仍需帮助，可使用心理测评了解近期状态，或拨打客服热线 400-820-8820 咨询。</p>',
    linkUrl: '/rights',
  },
  {
    id: 9, userId: CUSTOMER, noticeType: 'system', readFlag: 0, createTime: '2026-07-01 08:30:00',
    title: '夏季健康小贴士',
    content: '<p>高温天气请注意防暑：</p><p>1. 多喝水，不要等口渴再喝；<br>2. 10点到16点尽量减少户外活动；<br>3. 出现头晕、恶心、心慌时，尽快到阴凉处休息，症状不缓解请及时就医。</p>',
  },
  {
    id: 8, userId: CUSTOMER, noticeType: 'service', readFlag: 1, createTime: '2026-06-10 14:03:00',
    title: '慢病随访已完成',
    content: '<p>健康管理师已完成本月随访，您近一周血压平均 132/84 mmHg，较上月有所下降。</p><p>请继续按时服药，每天测量血压并记录。下次随访约在7月上旬。</p>',
  },
  {
    id: 7, userId: CUSTOMER, noticeType: 'service', readFlag: 1, createTime: '2026-05-20 20:15:00',
    title: '在线问诊已结束',
    content: '<p>您的在线问诊已结束，医生建议已保存在问诊记录中。48小时内如有疑问可继续追问。</p>',
  },
  {
    id: 6, userId: CUSTOMER, noticeType: 'service', readFlag: 0, createTime: '2026-04-25 16:30:00',
    title: '您的体检报告已生成',
    content:
      '<p>体检报告已生成，<a href="javascript:alert(1)">点此查看</a></p><img src=x onerror="alert(1)"><script>alert(1)</script>' +
      '<p>您于 04-18 在佳检健康体检中心完成的<strong>年度体检</strong>报告已出具，共2项指标异常。</p>' +
      '<p>如需医生讲解，可在<a href="/rights">我的权益</a>中使用报告解读服务。</p>',
    linkUrl: '/rights',
  },
  {
    id: 5, userId: CUSTOMER, noticeType: 'service', readFlag: 1, createTime: '2026-04-18 07:56:00',
    title: '体检已核销',
    content: '<p>您的<strong>年度体检</strong>已在佳检健康体检中心核销，请按工作人员指引完成各项检查。报告预计7个工作日内出具。</p>',
  },
  {
    id: 4, userId: CUSTOMER, noticeType: 'service', readFlag: 1, createTime: '2026-03-12 15:02:11',
    title: '在线问诊已结束',
    content: '<p>您的在线问诊已结束。医生建议：多喝水、注意休息，3天后症状未缓解请到医院呼吸科就诊。</p>',
  },
  {
    id: 3, userId: CUSTOMER, noticeType: 'system', readFlag: 1, createTime: '2026-02-10 10:20:00',
    title: '春节期间服务安排',
    content: '<p>春节期间（2月15日至2月23日）在线问诊照常24小时服务；体检、齿科、就医绿通等需预约的服务暂停受理，2月24日起恢复。</p><p>客服热线 400-820-8820 每天 9:00-17:00 值守。</p>',
  },
  {
    id: 2, userId: CUSTOMER, noticeType: 'rights', readFlag: 1, createTime: '2026-01-06 09:05:00',
    title: '您的健康权益已到账',
    content: '<p>您名下的保单共有<strong>8项</strong>健康服务权益，可在“我的权益”中查看剩余次数和有效期。</p>',
    linkUrl: '/rights',
  },
  {
    id: 1, userId: CUSTOMER, noticeType: WELCOME_NOTICE.noticeType, readFlag: 1, createTime: '2026-01-06 09:00:00',
    title: WELCOME_NOTICE.title,
    content: WELCOME_NOTICE.content,
  },
  // 13900139000 (agent): 3 notices, 1 unread
  {
    id: 17, userId: AGENT, noticeType: 'rights', readFlag: 0, createTime: '2026-09-28 11:20:00',
    title: '您推荐的客户已登录',
    content: '<p>客户 137****7000 通过您的推广码完成首次登录，已记入您的推广记录。</p>',
  },
  {
    id: 16, userId: AGENT, noticeType: 'system', readFlag: 1, createTime: '2026-06-18 09:00:00',
    title: '推广码功能上线',
    content: '<p>在“我的”页面点击<strong>我的推广码</strong>即可生成专属二维码。客户扫码登录后会自动记入您的名下。</p><p>在微信中长按二维码可保存到相册。</p>',
    linkUrl: '/my/share',
  },
  {
    id: 15, userId: AGENT, noticeType: WELCOME_NOTICE.noticeType, readFlag: 1, createTime: '2026-03-02 10:00:00',
    title: WELCOME_NOTICE.title,
    content: WELCOME_NOTICE.content,
  },
  // 13700137000: 2 notices, read
  {
    id: 19, userId: EMPTY_CUSTOMER, noticeType: 'system', readFlag: 1, createTime: '2026-10-01 09:00:00',
    title: '平台用户协议已更新',
    content: '<p>《平台用户协议》和《第三方共享个人信息清单》已更新至第2版，主要调整了合作服务商名单和信息删除期限。</p>',
  },
  {
    id: 18, userId: EMPTY_CUSTOMER, noticeType: WELCOME_NOTICE.noticeType, readFlag: 1, createTime: '2026-09-28 11:18:00',
    title: WELCOME_NOTICE.title,
    content: WELCOME_NOTICE.content,
  },
];

export const demoAddresses: DemoAddress[] = [
  {
    id: 1, userId: CUSTOMER, name: '张晓明', tel: '13800138000',
    province: '上海市', city: '上海市', county: '徐汇区', areaCode: '310104',
    addressDetail: '漕溪北路88号2号楼1203室', isDefault: true,
  },
  {
    id: 2, userId: CUSTOMER, name: '张建国', tel: '13901012345',
    province: '北京市', city: '北京市', county: '朝阳区', areaCode: '110105',
    addressDetail: '安贞里小区3号楼2单元502室', isDefault: false,
  },
];

/** Product line of each demo right, for readers that group by line. */
export type { ProductLine };
