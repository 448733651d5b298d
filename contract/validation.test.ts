import { HIDDEN_CONTROL_SAMPLES, INVISIBLE_ONLY_SAMPLES, SAMPLE_ADDRESS } from './input-samples';
import { addressBody, evaluateBody, firstIssue, updateInfoBody, wxinfoBody } from './schemas';
import {
  AVATAR_MAX_BYTES,
  hasHiddenControl,
  isInvisibleOnly,
  isValidMobile,
  isValidPhone,
  maskPhone,
  Messages,
  normalizeMobile,
  TextMessages,
  TIME_PATTERN,
} from './validation';

const address = SAMPLE_ADDRESS;

/** The message a schema gives `input`, or 'ok'. */
function answer(
  schema: typeof updateInfoBody | typeof addressBody | typeof evaluateBody | typeof wxinfoBody,
  input: unknown,
) {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : firstIssue(parsed.error);
}

describe('text a customer stores', () => {
  it.each(HIDDEN_CONTROL_SAMPLES.map((s) => [s.what, s.text, s.line ?? false] as const))(
    'refuses %s',
    (_what, text, line) => {
      expect(hasHiddenControl(text)).toBe(true);
      expect(hasHiddenControl(text, true)).toBe(!line);
      expect(answer(updateInfoBody, { nickname: text })).toBe(TextMessages.hiddenControl('昵称'));
    },
  );

  it.each(INVISIBLE_ONLY_SAMPLES.map((s) => [s.what, s.text] as const))(
    'refuses a nickname of only %s',
    (_what, text) => {
      expect(isInvisibleOnly(text)).toBe(true);
      expect(answer(updateInfoBody, { nickname: text })).toBe(TextMessages.invisibleOnly('昵称'));
    },
  );

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

describe('phones (docs/product.md §5)', () => {
  it('takes a whole mobile, with or without 86 / +86', () => {
    for (const phone of ['13800138000', '8613800138000', '+8613800138000'])
      expect(isValidMobile(phone), phone).toBe(true);
    for (const phone of ['x13800138000', '138001380001', '1380013800', '+13800138000', '08613800138000'])
      expect(isValidMobile(phone), phone).toBe(false);
  });

  it('takes a whole landline of 11 to 14 digits or hyphens after the 0', () => {
    for (const phone of ['010-12345678', '0755-12345678', '0755123456789'])
      expect(isValidPhone(phone), phone).toBe(true);
    for (const phone of ['x010-12345678', '010-12345678x', '010-123456', '0755-123456789012'])
      expect(isValidPhone(phone), phone).toBe(false);
  });

  it('strips a leading 86 or +86 from a mobile only', () => {
    expect(normalizeMobile('+8613800138000')).toBe('13800138000');
    expect(normalizeMobile('8613800138000')).toBe('13800138000');
    expect(normalizeMobile('13800138000')).toBe('13800138000');
    for (const value of ['86123', 'x8613800138000', '861380013800012', '86-13800138000'])
      expect(normalizeMobile(value), value).toBe(value);
  });

  it('masks the middle four digits of an 11-digit mobile, and nothing else', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('1380013800')).toBe('1380013800');
    expect(maskPhone('010-12345678')).toBe('010-12345678');
  });
});

describe('times (docs/product.md §5)', () => {
  it('takes HH:MM:SS from 00:00:00 to 23:59:59', () => {
    for (const time of ['00:00:00', '09:59:59', '19:05:09', '23:00:00'])
      expect(TIME_PATTERN.test(time), time).toBe(true);
    for (const time of [
      '24:00:00',
      '29:00:00',
      '0a:00:00',
      'x09:00:00',
      '09:00:000',
      '09:60:00',
      '09:0a:00',
      '09:00:60',
      '09:00:0a',
    ])
      expect(TIME_PATTERN.test(time), time).toBe(false);
  });
});

describe('invisible-only text', () => {
  it('is only whitespace and zero-width characters from end to end', () => {
    expect(isInvisibleOnly(' \u200b\ufeff')).toBe(true);
    expect(isInvisibleOnly('a ')).toBe(false);
    expect(isInvisibleOnly(' a')).toBe(false);
  });
});

it('an avatar may hold 2 MB', () => {
  expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
});
