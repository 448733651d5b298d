import { openIdSign, openIdVouched } from './wx-vouch';

describe('a vouched WeChat openId (decision 0052)', () => {
  it('checks only with the same key, openId and phone', async () => {
    const sign = await openIdSign('key', 'wx_1', '13800138000');
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(await openIdSign('key', 'wx_1', '13800138000')).toBe(sign);
    expect(await openIdVouched('key', 'wx_1', '13800138000', sign)).toBe(true);
    expect(await openIdVouched('other', 'wx_1', '13800138000', sign)).toBe(false);
    expect(await openIdVouched('key', 'wx_2', '13800138000', sign)).toBe(false);
    expect(await openIdVouched('key', 'wx_1', '13900139000', sign)).toBe(false);
    // The openId and the phone cannot trade characters across the boundary between them.
    expect(await openIdVouched('key', 'wx_11', '3800138000', sign)).toBe(false);
  });

  it('refuses what is not a sign at all', async () => {
    const sign = await openIdSign('key', 'wx_1', '13800138000');
    for (const bad of ['', sign.slice(1), `${sign}0`, sign.toUpperCase(), `${sign.slice(0, -1)}g`])
      expect(await openIdVouched('key', 'wx_1', '13800138000', bad), bad).toBe(false);
  });
});
