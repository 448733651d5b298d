import { addressBody, evaluateBody, firstIssue, updateInfoBody, wxinfoBody } from './schemas';
import { hasHiddenControl, isInvisibleOnly, Messages, TextMessages } from './validation';

const address = {
  name: '王小明',
  tel: '13612345678',
  province: '广东省',
  city: '深圳市',
  county: '南山区',
  areaCode: '440305',
  addressDetail: '科技园南路10号',
};

/** The message a schema gives `input`, or 'ok'. */
function answer(
  schema: typeof updateInfoBody | typeof addressBody | typeof evaluateBody | typeof wxinfoBody,
  input: unknown,
) {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : firstIssue(parsed.error);
}

describe('text a customer stores', () => {
  it.each([
    ['ESC', '小明\u001b[31m'],
    ['NUL', '小\u0000明'],
    ['DEL', '小明\u007f'],
    ['a C1 control (CSI)', '小明\u009b'],
    ['a line break inside', '小\n明'],
    ['a tab inside', '小\t明'],
    ['RIGHT-TO-LEFT OVERRIDE', '小明\u202egnp.exe'],
    ['LEFT-TO-RIGHT EMBEDDING', '\u202a小明'],
    ['a bidi isolate', '小明\u2067'],
    ['a bidi mark', '小明\u200f'],
    ['a lone high surrogate', '小明\ud83d'],
    ['a lone low surrogate', '\ude00小明'],
  ])('refuses %s', (_what, text) => {
    expect(hasHiddenControl(text)).toBe(true);
    expect(answer(updateInfoBody, { nickname: text })).toBe(TextMessages.hiddenControl('昵称'));
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['zero-width joiners and a word joiner', '\u200c\u200d\u2060'],
    ['a byte-order mark between spaces', ' \ufeff\u200b '],
  ])('refuses a nickname of only %s', (_what, text) => {
    expect(isInvisibleOnly(text)).toBe(true);
    expect(answer(updateInfoBody, { nickname: text })).toBe(TextMessages.invisibleOnly('昵称'));
  });

  it('keeps ordinary text: Chinese, emoji (a surrogate pair), a zero-width joiner inside an emoji', () => {
    for (const nickname of ['张晓明', 'Ming 小明', '小明😀', '👨\u200d👩\u200d👧']) {
      expect(answer(updateInfoBody, { nickname }), nickname).toBe('ok');
    }
  });

  it('names the field in every address message', () => {
    expect(answer(addressBody, { ...address, name: '王\u001b小明' })).toBe(TextMessages.hiddenControl('姓名'));
    expect(answer(addressBody, { ...address, addressDetail: '科技园\u202e南路' })).toBe(
      TextMessages.hiddenControl('详细地址'),
    );
    expect(answer(addressBody, { ...address, addressDetail: '\u200b\u200b' })).toBe(
      TextMessages.invisibleOnly('详细地址'),
    );
    expect(answer(addressBody, { ...address, city: '深圳\u2066市' })).toBe(TextMessages.hiddenControl('地区'));
    expect(answer(addressBody, { ...address, country: '\u0085' })).toBe(TextMessages.hiddenControl('地区'));
    expect(answer(addressBody, address)).toBe('ok');
  });

  it('an evaluation keeps its line breaks, refuses controls and text of only blanks', () => {
    const base = { consumeId: 1, score: 5 };
    expect(answer(evaluateBody, { ...base, content: '第一行\n第二行' })).toBe('ok');
    expect(answer(evaluateBody, { ...base, content: '' })).toBe('ok');
    expect(answer(evaluateBody, { ...base, content: '很好\u001b' })).toBe(TextMessages.hiddenControl('评价内容'));
    expect(answer(evaluateBody, { ...base, content: '\n\u200b' })).toBe(TextMessages.invisibleOnly('评价内容'));
    expect(answer(evaluateBody, { ...base, tags: ['服务\u202e热情'] })).toBe(TextMessages.hiddenControl('评价标签'));
  });

  it('a WeChat nickname follows the same rule', () => {
    expect(answer(wxinfoBody, { openId: 'wx_1', nickname: '\u200b' })).toBe(TextMessages.invisibleOnly('微信昵称'));
  });
});

describe('evaluation score', () => {
  it('is a whole number of stars from 1 to 5: 4.5 is refused', () => {
    for (const score of [1, 5]) expect(answer(evaluateBody, { consumeId: 1, score }), String(score)).toBe('ok');
    for (const score of [4.5, 0.5])
      expect(answer(evaluateBody, { consumeId: 1, score }), String(score)).toBe(Messages.scoreRequired);
  });
});
