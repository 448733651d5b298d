import { areaList } from '@vant/area-data';
import agreementsJson from '../public/jsons/agreements.json';
import indexConfigJson from '../public/jsons/indexConfig.json';
import catalogJson from '../public/jsons/serviceCatalog.json';
import {
  AGREEMENT_VERSIONS,
  CURRENT_AGREEMENT_VERSION,
  demoAddresses,
  demoConsumptions,
  demoNotices,
  demoRights,
  demoUsers,
} from './demo-data';
import type { IndexConfig, LegalDocuments, ServiceCatalog, Theme } from './types';
import { THEMES } from './types';
import { isValidPhone } from './validation';

const catalog = catalogJson as ServiceCatalog;
const indexConfig = indexConfigJson as IndexConfig;
const agreements = agreementsJson as LegalDocuments;

const serviceCodes = new Set(catalog.services.map((s) => s.code));
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ICONS = new Set([
  'consult',
  'checkup',
  'dental',
  'green',
  'chronic',
  'mind',
  'report',
  'expert',
  'drug',
  'assess',
  'tcm',
  'eye',
  'vaccine',
  'escort',
  'gene',
  'nurse',
  'rehab',
  'nutrition',
]);

const userByPhone = (phone: string) => demoUsers.find((u) => u.mobilePhone === phone);
const statusOf = (r: (typeof demoRights)[number]) =>
  r.validTo < '2026-01-01' ? 'expired' : r.totalTimes !== null && r.usedTimes >= r.totalTimes ? 'used' : 'available';

describe('service catalog', () => {
  it('has unique codes, known categories and icons, and complete copy', () => {
    expect(serviceCodes.size).toBe(catalog.services.length);
    expect(catalog.services.length).toBeGreaterThanOrEqual(20);
    const categories = new Set(catalog.categories.map((c) => c.code));
    for (const s of catalog.services) {
      expect(s.code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(categories.has(s.category), s.code).toBe(true);
      expect(ICONS.has(s.icon), s.code).toBe(true);
      expect(s.summary.length).toBeLessThanOrEqual(30);
      expect(s.sections.length).toBeGreaterThanOrEqual(2);
      expect(s.howToUse.length).toBeGreaterThanOrEqual(3);
      expect(s.howToUse.at(-1)).toContain('核销码');
      expect(s.limits).not.toBe('');
    }
    for (const c of categories)
      expect(
        catalog.services.some((s) => s.category === c),
        c,
      ).toBe(true);
  });
});

describe('index config', () => {
  it('has the four indexCodes with valid themes, banners and grid codes from the catalog', () => {
    expect(Object.keys(indexConfig).sort()).toEqual(['ebt', 'index', 'indexNew', 'ryb']);
    for (const [code, entry] of Object.entries(indexConfig)) {
      expect(THEMES).toContain(entry.theme as Theme);
      expect(entry.grid).toHaveLength(8);
      for (const g of entry.grid) expect(serviceCodes.has(g), `${code}: ${g}`).toBe(true);
      expect(entry.banners.length).toBeGreaterThanOrEqual(2);
      for (const b of entry.banners) {
        expect(b.link.startsWith('/') && !b.link.startsWith('//'), b.link).toBe(true);
        const linked = new URL(b.link, 'http://x').searchParams.get('code');
        if (linked) expect(serviceCodes.has(linked), b.link).toBe(true);
      }
    }
    expect(indexConfig.ebt.productLine).toBe('ebt');
    expect(indexConfig.ebt.theme).toBe('year_red');
    expect(indexConfig.ryb.productLine).toBe('ryb');
    expect(indexConfig.indexNew.theme).toBe('indexNew');
  });
});

describe('agreements', () => {
  it('has every document, with the current versions for user and thirdPartyList', () => {
    for (const key of [
      'user',
      'thirdPartyList',
      'privacyPolicy',
      'agreement',
      'userNotice',
      'znjkpc',
      'tjbgjd',
      'znjkzz',
    ]) {
      const d = agreements[key];
      expect(d, key).toBeDefined();
      expect(d.updated).toMatch(DATE);
      expect(d.sections.length).toBeGreaterThanOrEqual(4);
    }
    expect(agreements.user.version).toBe(AGREEMENT_VERSIONS.userAgreementVersion);
    expect(agreements.thirdPartyList.version).toBe(AGREEMENT_VERSIONS.thirdPartyListVersion);
  });
});

describe('demo users', () => {
  it('has the three demo phones with their roles', () => {
    expect(userByPhone('13800138000')?.role).toBe('customer');
    expect(userByPhone('13700137000')?.role).toBe('customer');
    const agent = userByPhone('13900139000');
    expect(agent?.role).toBe('agent');
    expect(agent?.promoterId).toBeTruthy();
    for (const u of demoUsers) expect(u.agreementVersion).toBe(CURRENT_AGREEMENT_VERSION);
    expect(new Set(demoUsers.map((u) => u.userId)).size).toBe(demoUsers.length);
  });
});

describe('demo rights', () => {
  it('reference catalog services and have sane counts', () => {
    expect(new Set(demoRights.map((r) => r.id)).size).toBe(demoRights.length);
    for (const r of demoRights) {
      expect(serviceCodes.has(r.serviceCode), r.serviceCode).toBe(true);
      expect(demoUsers.some((u) => u.userId === r.userId)).toBe(true);
      expect(r.validFrom).toMatch(DATE);
      expect(r.validTo).toMatch(DATE);
      if (r.totalTimes !== null) expect(r.usedTimes).toBeLessThanOrEqual(r.totalTimes);
    }
  });

  it('gives 13800138000 every status across all product lines, and 13700137000 none', () => {
    const mine = demoRights.filter((r) => r.userId === userByPhone('13800138000')!.userId);
    expect(new Set(mine.map(statusOf))).toEqual(new Set(['available', 'used', 'expired']));
    expect(new Set(mine.map((r) => r.productLine))).toEqual(new Set(['std', 'ebt', 'ryb']));
    expect(demoRights.filter((r) => r.userId === userByPhone('13700137000')!.userId)).toHaveLength(0);
  });
});

describe('demo consumptions', () => {
  it("point at the same user's rights and have unique 12-digit codes", () => {
    expect(new Set(demoConsumptions.map((c) => c.id)).size).toBe(demoConsumptions.length);
    const codes = demoConsumptions.map((c) => c.writeOffCode);
    for (const code of codes) expect(code).toMatch(/^\d{12}$/);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of demoConsumptions) {
      const right = demoRights.find((r) => r.id === c.rightId);
      expect(right?.userId, `consumption ${c.id}`).toBe(c.userId);
      expect(c.createTime).toMatch(DATE_TIME);
      if (c.consumeTime) expect(c.consumeTime).toMatch(DATE_TIME);
      if (c.evaluation) {
        expect(c.status).toBe('success');
        expect(c.evaluation.score).toBeGreaterThanOrEqual(1);
        expect(c.evaluation.score).toBeLessThanOrEqual(5);
        expect(c.evaluation.content.length).toBeLessThanOrEqual(200);
      }
    }
  });

  it('never count more successes against a right than its usedTimes', () => {
    for (const r of demoRights) {
      const successes = demoConsumptions.filter((c) => c.rightId === r.id && c.status === 'success').length;
      expect(r.usedTimes, `right ${r.id}`).toBeGreaterThanOrEqual(successes);
    }
  });

  it('include records to evaluate and evaluated ones', () => {
    const success = demoConsumptions.filter((c) => c.status === 'success');
    expect(success.some((c) => c.evaluation)).toBe(true);
    expect(success.some((c) => !c.evaluation)).toBe(true);
  });
});

describe('demo notices', () => {
  it('have unique ids and valid times', () => {
    expect(new Set(demoNotices.map((n) => n.id)).size).toBe(demoNotices.length);
    for (const n of demoNotices) {
      expect(n.createTime).toMatch(DATE_TIME);
      expect(demoUsers.some((u) => u.userId === n.userId)).toBe(true);
    }
  });

  it('give 13800138000 two pages with unread ones, and carry one hostile HTML notice', () => {
    const mine = demoNotices.filter((n) => n.userId === userByPhone('13800138000')!.userId);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.filter((n) => n.readFlag === 0).length).toBeGreaterThanOrEqual(4);
    expect(demoNotices.some((n) => n.content.includes('<script'))).toBe(true);
  });
});

describe('demo addresses', () => {
  it('use real area codes and valid phones, with one default per user', () => {
    for (const a of demoAddresses) {
      expect(areaList.county_list[a.areaCode], a.areaCode).toBe(a.county);
      expect(isValidPhone(a.tel)).toBe(true);
    }
    for (const u of demoUsers) {
      const list = demoAddresses.filter((a) => a.userId === u.userId);
      if (list.length) expect(list.filter((a) => a.isDefault)).toHaveLength(1);
    }
  });
});
