import { endpoints } from '@contract/endpoints';
import type { Envelope } from '@contract/types';
import { http } from './client';

/** One analytics event, as B/md/sendMq takes it (DESIGN §3): form fields, payload a JSON string ≤ 2 KB. */
export interface AnalyticsEvent {
  eventCode: string;
  page: string;
  indexCode: string;
  payload: string;
}

/**
 * POST B/md/sendMq (form data), always `silent`: analytics never toast (DESIGN §3, issue 6).
 * `keepalive` sends through fetch with `keepalive: true`, so the last events survive the page
 * being closed; the body, headers and interceptors are the same as for any other call.
 */
export const sendMq = (event: AnalyticsEvent, { keepalive = false } = {}) =>
  http
    .request<Envelope<null>>({
      method: 'POST',
      url: endpoints.sendMq,
      data: { eventCode: event.eventCode, page: event.page, indexCode: event.indexCode, payload: event.payload },
      form: true,
      silent: true,
      ...(keepalive ? { adapter: 'fetch' as const, fetchOptions: { keepalive: true } } : {}),
    })
    .then((response) => response.data);
