/**
 * The hot list's answer is JSON text in ASCII (decision 0017). It must also be *held* one byte
 * per character: a two-byte string of the same text is twice the memory to flatten, and
 * Node re-encodes it from UTF-16 when it writes the answer (docs/performance.md, "The answer around the page is one byte per character").
 */
import { serialize } from 'node:v8';
import { asciiJson, JsonText, okText } from './envelope';

/** V8's serializer tags a one-byte string with '"' and a two-byte one with 'c'. */
const isOneByte = (text: string) => serialize(text)[2] === '"'.charCodeAt(0);

describe('envelope text', () => {
  it('tells one-byte strings from two-byte ones (the check itself)', () => {
    expect(isOneByte('abc')).toBe(true);
    expect(isOneByte('成功')).toBe(false);
  });

  it('writes every non-ASCII character as \\uXXXX, held one byte per character', () => {
    const text = asciiJson({ desc: '成功', note: 'ok' });
    expect(text).toBe('{"desc":"\\u6210\\u529f","note":"ok"}');
    expect(JSON.parse(text)).toEqual({ desc: '成功', note: 'ok' });
    expect(isOneByte(text)).toBe(true);
  });

  it('keeps the 200 envelope around an ASCII page one-byte', () => {
    const answer = okText(new JsonText('{"list":[],"total":0}'));
    expect(JSON.parse(answer)).toEqual({ code: 200, desc: '成功', obj: { list: [], total: 0 } });
    expect(isOneByte(answer)).toBe(true);
  });
});
