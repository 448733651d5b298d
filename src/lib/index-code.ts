import { DEFAULT_INDEX_CODE } from '@/config/constants';

/** An indexCode as the contract accepts it (contract/schemas.ts: 首页编码). */
const INDEX_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The one reading of an indexCode (docs/product.md §2, decision 0028): `value` when well-formed, else
 * `fallback` when that is, else 'index'. Screens read theirs with `useIndexCode()` or
 * `useSessionIndexCode()`.
 */
export function readIndexCode(value: unknown, fallback?: unknown): string {
  if (typeof value === 'string' && INDEX_CODE.test(value)) return value;
  if (typeof fallback === 'string' && INDEX_CODE.test(fallback)) return fallback;
  return DEFAULT_INDEX_CODE;
}
