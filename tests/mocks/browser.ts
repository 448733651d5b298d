import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** `npm run dev:mock`: the contract answered in the browser by a service worker. */
export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...handlers);
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
