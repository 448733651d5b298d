/**
 * Times on the wire are `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (docs/product.md §7.3). China keeps no
 * daylight saving time, so the zone is a fixed +08:00 and no tz database is needed.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;

/** A Date (or timestamptz value) as `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
export function formatDateTime(value: Date | string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Today's date in Asia/Shanghai, `YYYY-MM-DD`. */
export function todayInShanghai(now = Date.now()): string {
  return new Date(now + OFFSET_MS).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD HH:mm:ss` Shanghai string as a timestamptz literal PostgreSQL accepts. */
export const shanghaiToTimestamptz = (value: string) => `${value}+08`;
