import { useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-paint';

/**
 * False until the frame that first showed the component has been painted: a customer's part
 * that mounts beside the screen's content starts its calls (and loads the request client) only
 * then, so the content's first paint never waits for them (decision 0031).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
