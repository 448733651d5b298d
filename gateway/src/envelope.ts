/**
 * The envelope of docs/product.md §7.3 and the one exception type routes throw for a business refusal.
 */
import { Code, Desc } from '../../contract/codes';
import type { Envelope } from '../../contract/types';

export const DESC_OK = Desc.ok;

/** `{ code: 200, desc: '成功', obj }`. */
export const ok = <T>(obj: T): Envelope<T> => ({ code: Code.ok, desc: DESC_OK, obj });

export const envelope = <T>(code: number, desc: string, obj: T): Envelope<T> => ({ code, desc, obj });

/**
 * An `obj` that is already JSON text, written by SQL on a hot route (the notice list,
 * docs/performance.md, "The list's page is JSON text written by PostgreSQL"): sent as it is, without being parsed and serialised again.
 * In ASCII there (decision 0017): V8 then holds the answer as a one-byte string, which is
 * measured and written to the socket without a UTF-8 encoding pass.
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/**
 * JSON text in ASCII: every character from U+0080 on as \uXXXX (decision 0017), held as a
 * one-byte string. `replace` on a string with Chinese in it gives a two-byte string even when
 * every character left is ASCII; the latin1 round trip stores it one byte per character, so
 * an answer built around it stays one-byte too (docs/performance.md, "The answer around the page is one byte per character").
 */
export const asciiJson = (value: unknown) =>
  Buffer.from(
    JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    'latin1',
  ).toString('latin1');

/** In ASCII, so the answer around an ASCII page stays a one-byte string (decision 0017). */
const OK_TEXT_HEAD = `{"code":${Code.ok},"desc":${asciiJson(DESC_OK)},"obj":`;

/** The 200 envelope around a `JsonText`, as JSON text. */
export const okText = (obj: JsonText) => `${OK_TEXT_HEAD}${obj.json}}`;

/**
 * A business rule refused the request: answered as HTTP 200 + code 10001 with `desc`, the
 * Chinese sentence the user sees (docs/product.md §7.3). Throw it from anywhere inside a handler or a
 * transaction (the transaction rolls back).
 */
export class BizError extends Error {
  constructor(readonly desc: string) {
    super(desc);
    this.name = 'BizError';
  }
}
