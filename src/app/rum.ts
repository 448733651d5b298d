/**
 * Real-user monitoring (decision 0062): the page load's web-vitals and the failures on the
 * customer's phone go out as analytics events (`lib/track.ts`: sendMq's batches, keepalive when
 * the page is hidden, docs/product.md §8's toasts once per batch). A chunk of its own, loaded once the
 * first screen has settled (main.tsx): web-vitals reads the entries the browser buffered
 * before, so loading late loses nothing but interactions that ended before it (decision 0062).
 */
import { matchPath } from 'react-router-dom';
import { type Metric, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { onFailure } from '@/lib/rum-errors';
import { track } from '@/lib/track';
import { OTHER_ROUTE, RumEvent } from '@contract/rum';
import { routes } from './routes';

/** The route table's row for `pathname`, never the path itself (a path can name a version or an id). */
export function routePatternOf(pathname: string): string {
  return routes.find((route) => matchPath(route.path, pathname))?.path ?? OTHER_ROUTE;
}

/**
 * A 32-bit FNV-1a hash of the message, digits folded to 0 first: the same failure with another
 * customer's number counts once, and no text of it leaves the phone.
 */
export function hashOf(message: string): string {
  let hash = 0x811c9dc5;
  for (const char of message.replace(/\d/g, '0')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Starts reporting: failures always (at most a few per page load, `lib/rum-errors.ts`), the
 * web-vitals when this page load is in the sample (`measure`, from VITE_RUM_SAMPLE_RATE).
 */
export function startRum({ measure }: { measure: boolean }): void {
  onFailure((kind, message) => {
    const route = routePatternOf(window.location.pathname);
    track(RumEvent.error, { kind, hash: hashOf(message), route }, { page: route });
  });
  if (!measure) return;
  // Every vital belongs to the page load, so all four carry the route it loaded on.
  const route = routePatternOf(window.location.pathname);
  const report = ({ name, value }: Metric) =>
    track(
      RumEvent.vital,
      { name, value: name === 'CLS' ? Number(value.toFixed(4)) : Math.round(value), route },
      { page: route },
    );
  onTTFB(report);
  onLCP(report);
  onINP(report);
  onCLS(report);
}
