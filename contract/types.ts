/**
 * The contract's data shapes (docs/product.md §3, §7; docs/product.md §7). One definition each, imported by the
 * portal, the msw handlers and the gateway.
 */
import type { CodeValue, UnauthorizedReason } from './codes';

/** Every enveloped response: `{ code, desc, obj }` (docs/product.md §3). */
export interface Envelope<T = unknown> {
  code: CodeValue | number;
  desc: string;
  obj: T;
}

/** A paged list (docs/product.md §7.3): `pageNum` from 1, `pageSize` ≤ 50. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** The `obj` of a 401 envelope (docs/product.md §8.3). */
export interface UnauthorizedObj {
  reason: UnauthorizedReason;
  /** Present when reason is 'clock': the gateway's time in ms. */
  serverTime?: number;
}

/** Date-time strings are `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
export type DateTime = string;
/** Dates are `YYYY-MM-DD`. */
export type DateOnly = string;

export type Role = 'customer' | 'agent';

export interface UserInfo {
  userId: string;
  /** Full number; masked (138****8000) only when displayed. */
  mobilePhone: string;
  nickname: string;
  headUrl: string;
  role: Role;
  agreementVersion?: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  nickname: string;
  role: Role;
  promoterId?: string;
  agentId?: string;
  ucAgentUserId?: string;
  ucUserId: string;
  /**
   * Seconds the token lives from now (decision 0023): the portal's `token` cookie expires with
   * it. Relative, so a phone whose clock is off still keeps the cookie as long as the token.
   */
  expiresIn?: number;
  /** Only from ckNew. */
  theme?: Theme;
}

/** Who brought a new customer: a share link's ids and the login's `source` (decision 0025). */
export interface Attribution {
  promoterId: string | null;
  agentId: string | null;
  source: string;
  createTime: string;
}

export type Theme = 'standard_blue' | 'year_red' | 'indexNew';
export const THEMES: readonly Theme[] = ['standard_blue', 'year_red', 'indexNew'];

export type NoticeType = 'system' | 'service' | 'rights';
export type ReadFlag = 0 | 1;

export interface Notice {
  id: number;
  title: string;
  /** May contain HTML: render sanitised only. */
  content: string;
  noticeType: NoticeType;
  readFlag: ReadFlag;
  createTime: DateTime;
  linkUrl?: string;
}

export type ConsumptionStatus = 'pending' | 'success' | 'failed' | 'expired';
export type EvaluateStatus = 0 | 1;

export interface Consumption {
  id: number;
  rightId: number;
  rightName: string;
  serviceCode: string;
  serviceName: string;
  providerName: string;
  /** 12 digits, valid 15 minutes while pending. */
  writeOffCode: string;
  status: ConsumptionStatus;
  createTime: DateTime;
  consumeTime?: DateTime;
  /** When a pending code stops being valid. */
  expireTime?: DateTime;
  evaluateStatus: EvaluateStatus;
  score?: number;
  content?: string;
  tags?: string[];
}

export interface ConsumeCount {
  total: number;
  toEvaluate: number;
  evaluated: number;
}

export interface Evaluation {
  id: number;
  consumeId: number;
  score: number;
  content: string;
  tags: string[];
  createTime: DateTime;
}

export type ProductLine = 'std' | 'ebt' | 'ryb';
export type RightStatus = 'available' | 'used' | 'expired';

export interface Right {
  id: number;
  name: string;
  serviceCode: string;
  productLine: ProductLine;
  /** Masked policy number. */
  policyNo: string;
  /** null = unlimited. */
  totalTimes: number | null;
  usedTimes: number;
  validFrom: DateOnly;
  validTo: DateOnly;
  status: RightStatus;
}

export interface AgreementStatus {
  userAgreementVersion: string;
  thirdPartyListVersion: string;
  agreed: boolean;
  agreeTime?: DateTime;
}

/** docs/product.md §3's address shape, used on /my/info (docs/product.md §7.6 extension). */
export interface Address {
  id?: number;
  name: string;
  tel: string;
  province: string;
  city: string;
  county: string;
  country?: string;
  areaCode: string;
  addressDetail: string;
  isDefault: boolean;
}

export interface ServiceBrief {
  code: string;
  name: string;
  icon: string;
  summary: string;
}

export interface GetMoreResult {
  sections: { code: string; title: string; services: ServiceBrief[] }[];
}

/** `/jsons/indexConfig.json`: one entry per indexCode. */
export interface IndexConfigEntry {
  productLine: ProductLine;
  theme: Theme;
  title: string;
  banners: { id: string; title: string; subtitle: string; tone: 'blue' | 'red' | 'teal' | 'gold'; link: string }[];
  /** Service codes shown on the home grid, in order. */
  grid: string[];
}
export type IndexConfig = Record<string, IndexConfigEntry>;

/** `/jsons/serviceCatalog.json`: every service. */
export interface CatalogService {
  code: string;
  name: string;
  icon: string;
  category: string;
  summary: string;
  provider: string;
  sections: { title: string; body: string }[];
  howToUse: string[];
  limits: string;
}
export interface ServiceCatalog {
  categories: { code: string; name: string }[];
  services: CatalogService[];
}

/** `/jsons/agreements.json`: legal documents, keyed by document id. */
export interface LegalDocument {
  title: string;
  version: string;
  updated: DateOnly;
  sections: { heading: string; paragraphs: string[] }[];
}
export type LegalDocuments = Record<string, LegalDocument>;

/** docs/product.md §3 upload item. */
export interface UploadItem {
  file?: File;
  status: '' | 'uploading' | 'failed';
  message?: string;
  objectUrl?: string;
  content?: string;
  url?: string;
}
