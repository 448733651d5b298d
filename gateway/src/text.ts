/**
 * Text PostgreSQL cannot store: U+0000 (a `text` value cannot hold it, and `jsonb` refuses
 * its escape) and UTF-16 surrogates without their pair (not Unicode: node-pg would send them
 * as U+FFFD, and `jsonb` refuses their `\uD800` escapes). The gateway refuses such input at
 * the edge with a 10001, instead of letting the database fail with a 500.
 */

/** The 10001 `desc` of a request holding such text. */
export const UNSTORABLE_TEXT_DESC = '请求参数包含无效字符';

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether one string holds U+0000 or a lone surrogate. */
export const isUnstorable = (s: string) => UNSTORABLE.test(s);

/**
 * Whether any string in `value` (a parsed query, body or JSON document; keys included) holds
 * text PostgreSQL cannot store. Walks with its own stack: a deeply nested body cannot
 * overflow the call stack.
 */
export function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (isUnstorable(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (isUnstorable(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
