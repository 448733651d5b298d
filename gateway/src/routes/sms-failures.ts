/**
 * The stand-in SSO's caps on wrong SMS codes (decision 0049): counted per phone and client
 * address, so one address cannot close a phone to its owner, and per phone over all addresses,
 * so many addresses together still get few guesses. Both count the last 24 hours of
 * `sms_failures` (migration 007).
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Queryable } from '../db/index';

/** Wrong codes one address (an IPv6 /64) may enter for one phone in 24 hours. */
export const SMS_ADDRESS_FAILURES_PER_DAY = 10;
/**
 * Wrong codes one phone may take in 24 hours from all addresses together: then even the right
 * code is refused. NIST SP 800-63B §5.2.2's ceiling for failed attempts on one account.
 */
export const SMS_PHONE_FAILURES_PER_DAY = 100;

/**
 * The address a cap counts: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an
 * IPv6 address by its /64, the block one subscriber gets, whose addresses cost nothing to change.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const bare = ip.replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return ip;
  const [head, tail] = bare.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groups(head);
  // An embedded IPv4 address at the end is two groups; only the first four matter here.
  const after = groups(tail);
  const width = after.length + (after.at(-1)?.includes('.') ? 1 : 0);
  const all =
    tail === undefined ? before : [...before, ...Array<string>(8 - before.length - width).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface WrongCodes {
  /** Wrong codes for the phone from this address in 24 hours. */
  fromAddress: number;
  /** Wrong codes for the phone from every address in 24 hours. */
  forPhone: number;
}

/** The wrong codes `phone` took in 24 hours, from `address` (an addressGroup) and in all. */
export async function wrongCodes(q: Queryable, phone: string, address: string): Promise<WrongCodes> {
  const [row] = await q.query<WrongCodes>(
    `select (count(*) filter (where address = $2))::int as "fromAddress", count(*)::int as "forPhone"
       from sms_failures where phone = $1 and created_at > now() - interval '1 day'`,
    [phone, address],
  );
  return row;
}

/** Whether a cap is reached: no more codes are sent, or taken, for the phone from that address. */
export const capReached = ({ fromAddress, forPhone }: WrongCodes) =>
  fromAddress >= SMS_ADDRESS_FAILURES_PER_DAY || forPhone >= SMS_PHONE_FAILURES_PER_DAY;

/** Records a wrong code; returns the counts with it. */
export async function recordWrongCode(q: Queryable, phone: string, address: string, before: WrongCodes) {
  await q.query('insert into sms_failures (phone, address) values ($1, $2)', [phone, address]);
  return { fromAddress: before.fromAddress + 1, forPhone: before.forPhone + 1 };
}
