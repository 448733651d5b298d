import { useEffect, useState } from 'react';
import { serverNow } from '@/lib/clock';

export interface ExpireCountdownProps {
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai (docs/product.md §7.3). */
  expireTime: string;
}

/** Milliseconds since the epoch of a contract date-time (Asia/Shanghai, UTC+8). */
export function parseContractTime(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}+08:00`);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Time left before a write-off code dies (it lives 15 min, docs/product.md §4.4), by the gateway's clock
 * (lib/clock corrects a phone whose clock is off). An Effect, so it pauses while hidden.
 */
export function ExpireCountdown({ expireTime }: ExpireCountdownProps) {
  const expireAt = parseContractTime(expireTime);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (Number.isNaN(expireAt)) return null;
  const left = Math.max(0, Math.floor((expireAt - now) / 1000));
  if (left === 0) return <p className="write-off__countdown write-off__countdown--over">核销码已过期，正在确认状态…</p>;
  return (
    <p className="write-off__countdown">
      核销码{' '}
      <time
        aria-label={`剩余${Math.floor(left / 60)}分${left % 60}秒`}
      >{`${two(Math.floor(left / 60))}:${two(left % 60)}`}</time>{' '}
      后失效
    </p>
  );
}
