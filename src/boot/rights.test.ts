import { arrivedRights, forgetEarlyRights, pendingRights } from '@/features/rights/early-rights';
import { Desc } from '@contract/codes';
import { endpoints, Header } from '@contract/endpoints';
import type { Right } from '@contract/types';
import { bootHooks, openDrawing, templates } from '../../tests/first-paint';
import { drawRights } from './rights';

/** /rights's boot module (decision 0057): what it asks for, what it draws, and what it hands the app. */
const RIGHT: Right = {
  id: 1,
  serviceCode: 's1',
  name: '在线问诊',
  productLine: 'std',
  status: 'available',
  totalTimes: 3,
  usedTimes: 1,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  policyNo: 'P001',
};
const envelope = (obj: unknown) => ({ code: 200, desc: Desc.ok, obj });

/** Opens `url` with this drawing alone (tests/first-paint.ts). */
const open = (url: string, options?: { guest?: boolean }) => openDrawing(url, drawRights, options);

const cards = () => [...document.querySelectorAll('#root > .boot .right-card')];
const loading = () => document.querySelector('#root > .boot .rights__panel > .skeleton');

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__early?.rights;
  delete window.__boot;
});

describe('src/boot/rights.ts', () => {
  it('asks a customer’s list once, with docs/product.md §7’s headers, and draws the tabs and loading rows', () => {
    const { calls } = open('/rights');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(endpoints.rightsList);
    expect(calls[0].headers).toMatchObject({
      [Header.authorization]: 'Bearer tok 1',
      [Header.clientType]: 'H5',
      [Header.clientVersion]: '2.2.1',
      [Header.nonce]: expect.stringMatching(/^[0-9a-f]{32}$/),
      [Header.timestamp]: expect.stringMatching(/^\d+$/),
    });
    window.__boot!.screen!();
    expect([...document.querySelectorAll('.boot .rights__tab')].map((t) => t.textContent)).toEqual([
      '可使用',
      '已使用',
      '已过期',
      '使用记录',
    ]);
    expect(loading()).not.toBeNull();
  });

  it('draws nothing and asks nothing for a guest, on another path, or on the records tab', () => {
    for (const [url, guest] of [
      ['/rights', true],
      ['/message', false],
      ['/rights?tab=records', false],
      ['/rights?tab=nonsense', false],
    ] as const) {
      const { calls } = open(url, { guest });
      expect(calls, url).toHaveLength(0);
      expect(window.__boot?.screen, url).toBeUndefined();
      expect(window.__early?.rights, url).toBeUndefined();
    }
    // A token cookie without the stored customer is a guest too (decision 0023).
    const { calls } = open('/rights');
    localStorage.removeItem('user');
    delete window.__early?.rights;
    drawRights(bootHooks(), templates);
    expect(calls).toHaveLength(1);
    expect(window.__early?.rights).toBeUndefined();
  });

  it('fills the frame when the answer comes after it (late), and draws it filled when it came before', async () => {
    const late = open('/rights');
    window.__boot!.screen!();
    expect(cards()).toHaveLength(0);
    late.respond(envelope([RIGHT]));
    await window.__early!.rights!.page;
    expect(cards()).toHaveLength(1);
    expect(loading()).toBeNull();
    expect(document.querySelector('.boot .right-card__times')!.textContent).toBe('剩余 2 次（共 3 次）');
    // The app waits for the drawn cards, a frame.
    expect(await window.__boot?.hold).toBeUndefined();

    const early = open('/rights');
    early.respond(envelope([RIGHT]));
    await window.__early!.rights!.page;
    window.__boot!.screen!();
    expect(cards()).toHaveLength(1);
  });

  it('leaves a failed call, a clock refusal or a list that is not of rights to the app: the loading rows stay', async () => {
    const refusal = { code: 401, desc: Desc.clock, obj: { reason: 'clock', serverTime: Date.now() + 600_000 } };
    for (const outcome of ['fail', refusal, envelope([]), envelope([{ ...RIGHT, status: 'x' }])]) {
      const call = open('/rights');
      window.__boot!.screen!();
      if (outcome === 'fail') call.fail();
      else call.respond(outcome);
      expect(await window.__early!.rights!.page).toBeNull();
      expect(window.__early!.rights!.arrived).toBeUndefined();
      expect(await window.__boot?.hold).toBeNull();
      expect(cards()).toHaveLength(0);
      expect(loading()).not.toBeNull();
    }
  });

  it('hands the app the answer for the token it carried, so the screen asks no second time', async () => {
    const { calls, respond } = open('/rights');
    expect(pendingRights('tok 1')).toBe(window.__early!.rights!.page);
    expect(pendingRights('another')).toBeUndefined();
    respond(envelope([RIGHT]));
    await window.__early!.rights!.page;
    expect(arrivedRights('tok 1')).toEqual([RIGHT]);
    expect(pendingRights('tok 1')).toBeUndefined();
    forgetEarlyRights();
    expect(arrivedRights('tok 1')).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
