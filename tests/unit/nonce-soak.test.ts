/**
 * The nonce soak's verdict (scripts/nonce-soak.ts): pruning keeps the table bounded when no
 * row outlives the keep time plus one prune interval, judged only once the first prune is due.
 */
import { type NonceSample, soakVerdict } from '../../scripts/nonce-soak';

const bounds = { keepS: 600, pruneEveryS: 60, slackS: 30 };
const at = (atS: number, oldestS: number | null, rows = 1000): NonceSample => ({
  atS,
  rows,
  bytes: rows * 100,
  oldestS,
});

describe('the nonce soak verdict', () => {
  it('is bounded when every sample after the first prune holds no row older than keep + interval + slack', () => {
    const verdict = soakVerdict([at(5, 2000), at(95, 600), at(155, 660), at(215, 690)], bounds);
    expect(verdict).toEqual({ bounded: true, limitS: 690, judged: 3 });
  });

  it('is not bounded when a row outlives the limit after the first prune was due', () => {
    const over = at(215, 691);
    const verdict = soakVerdict([at(95, 100), at(155, 160), over, at(275, 100)], bounds);
    expect(verdict.bounded).toBe(false);
    expect(verdict.over).toEqual(over);
  });

  it('does not judge samples taken before the first prune was due, nor a run with none after it', () => {
    expect(soakVerdict([at(0, 5000), at(89, 5000), at(90, 10)], bounds).bounded).toBe(true);
    expect(soakVerdict([at(0, 10), at(60, 70)], bounds)).toMatchObject({ bounded: false, judged: 0 });
  });

  it('takes an empty table as bounded', () => {
    expect(soakVerdict([at(120, null, 0)], bounds).bounded).toBe(true);
  });
});
