/**
 * msw's in-memory database: the demo data of contract/demo-data.ts (the same rows the gateway
 * seeds), reset before every test. Business rules mirror the gateway's (docs/product.md §7); the shared
 * contract cases keep the two from drifting.
 */
import {
  CURRENT_AGREEMENT_VERSION,
  type DemoAddress,
  demoAddresses,
  demoConsumptions,
  type DemoNotice,
  demoNotices,
  type DemoRight,
  demoRights,
  type DemoUser,
  demoUsers,
} from '@contract/demo-data';
import type { Attribution, Consumption, Right, RightStatus, UserInfo } from '@contract/types';

export interface MockConsumption extends Omit<Consumption, 'rightName' | 'serviceCode' | 'serviceName'> {
  userId: string;
}

export interface MockDb {
  users: DemoUser[];
  rights: DemoRight[];
  consumptions: MockConsumption[];
  notices: DemoNotice[];
  addresses: DemoAddress[];
  /** token → userId */
  tokens: Map<string, string>;
  /** ticket → phone */
  tickets: Map<string, string>;
  /** WeChat openId → userId */
  openIds: Map<string, string>;
  /** userId → who brought the customer (a share login's first ck, decision 0025) */
  attributions: Map<string, Attribution>;
  events: Record<string, string>[];
}

/** The token msw accepts for a demo user: `mock-token-13800138000`. */
export const mockToken = (phone: string) => `mock-token-${phone}`;
/** A login ticket msw accepts once for a demo phone: `mock-ticket-13800138000`. */
export const mockTicket = (phone: string) => `mock-ticket-${phone}`;

const clone = <T>(value: T): T => structuredClone(value);

function fresh(): MockDb {
  return {
    users: clone(demoUsers),
    rights: clone(demoRights),
    consumptions: demoConsumptions.map((c) => ({
      id: c.id,
      userId: c.userId,
      rightId: c.rightId,
      providerName: c.providerName,
      writeOffCode: c.writeOffCode,
      status: c.status,
      createTime: c.createTime,
      consumeTime: c.consumeTime,
      evaluateStatus: c.evaluation ? 1 : 0,
      score: c.evaluation?.score,
      content: c.evaluation?.content,
      tags: c.evaluation?.tags,
    })),
    notices: clone(demoNotices),
    addresses: clone(demoAddresses),
    tokens: new Map(demoUsers.map((u) => [mockToken(u.mobilePhone), u.userId])),
    tickets: new Map(demoUsers.map((u) => [mockTicket(u.mobilePhone), u.mobilePhone])),
    openIds: new Map(),
    attributions: new Map(),
    events: [],
  };
}

export let db: MockDb = fresh();

export function resetDb(): void {
  db = fresh();
}

export function userInfoOf(user: DemoUser): UserInfo {
  return {
    userId: user.userId,
    mobilePhone: user.mobilePhone,
    nickname: user.nickname,
    headUrl: user.headUrl,
    role: user.role,
    agreementVersion: user.agreementVersion,
  };
}

export const demoUser = (phone: string): DemoUser => {
  const user = db.users.find((u) => u.mobilePhone === phone);
  if (!user) throw new Error(`no demo user ${phone}`);
  return user;
};

export const isAgreed = (user: DemoUser) => user.agreementVersion === CURRENT_AGREEMENT_VERSION;

/** Today in Asia/Shanghai, YYYY-MM-DD. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
}

/** Now in Asia/Shanghai, YYYY-MM-DD HH:mm:ss. */
export function nowText(offsetMs = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + offsetMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export function rightStatus(right: DemoRight): RightStatus {
  if (right.validTo < today()) return 'expired';
  if (right.totalTimes !== null && right.usedTimes >= right.totalTimes) return 'used';
  return 'available';
}

export function toRight(right: DemoRight): Right {
  const { userId: _userId, ...rest } = right;
  return { ...rest, status: rightStatus(right) };
}
