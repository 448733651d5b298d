import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { endpoints } from '@contract/endpoints';
import { url } from './mocks/handlers/common';
import { server } from './mocks/server';
import { renderScreen } from './render';

/**
 * The screens of one consume record (/evaluate, /servWriteOff, /statusOne…/statusThree): opened
 * with the record in the query by a logged-in customer, they share what they do when it does not come.
 */

/** The demo customer who owns the records of tests/mocks/db.ts. */
export const CUSTOMER = '13800138000';

/** A logged-in customer who owns none of them: the gateway answers 10001. */
const STRANGER = '13700137000';

/** Opens a record's screen (`path` carries `consumeId` or `rightId`) as a logged-in customer. */
export function openRecord(path: string, user = CUSTOMER) {
  return renderScreen(path, { user });
}

/** The URLs of the requests to a contract path from now on, until the test ends. */
export function requestsTo(path: string): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(path)) calls.push(request.url);
  });
  onTestFinished(() => server.events.removeAllListeners());
  return calls;
}

/**
 * The record's failures, for a screen at `path` (a record of CUSTOMER's) whose record shows once
 * `shown` resolves: a retry view after a network error, and for someone else's record the
 * gateway's message with a way to the records and nothing to retry.
 */
export function recordFailureCases(path: string, shown: () => Promise<unknown>): void {
  it('shows a retry view when the record cannot load', async () => {
    server.use(http.get(url(endpoints.consumeDetail), () => HttpResponse.error(), { once: true }));
    const { user } = openRecord(path);
    await user.click(await screen.findByRole('button', { name: '重试' }));
    await shown();
  });

  it('on 10001 for someone else’s record says so and leads to the records, with nothing to retry', async () => {
    const { router, user } = openRecord(path, STRANGER);
    expect(await screen.findByText('服务记录不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看使用记录' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/rights?tab=records'),
    );
  });
}
