import { endpoints } from '@contract/endpoints';
import type { Envelope } from '@contract/types';
import { objOf } from './api-error';
import { http, ToastGroup } from './client';

/** One analytics event, as B/md/sendMq takes it (docs/product.md §7.5): form fields, payload a JSON string ≤ 2 KB. */
export interface AnalyticsEvent {
  eventCode: string;
  page: string;
  indexCode: string;
  payload: string;
}

/** A new batch of events: its failures toast once between them. */
export const newBatch = () => new ToastGroup();

/**
 * POST B/md/sendMq (form data). Its failures follow docs/product.md §8 like any call's (docs/product.md §8.2); the events of one batch share `toastGroup`, so a failing batch toasts once
 * (docs/decisions/0005). `keepalive` sends through fetch with `keepalive: true`, so the last
 * events survive the page being closed; the body, headers and interceptors are the same.
 */
export const sendMq = (
  event: AnalyticsEvent,
  { keepalive = false, toastGroup }: { keepalive?: boolean; toastGroup?: ToastGroup } = {},
) =>
  http
    .request<Envelope<null>>({
      method: 'POST',
      url: endpoints.sendMq,
      data: { eventCode: event.eventCode, page: event.page, indexCode: event.indexCode, payload: event.payload },
      form: true,
      toastGroup,
      ...(keepalive ? { adapter: 'fetch' as const, fetchOptions: { keepalive: true } } : {}),
    })
    .then((response) => objOf(response.data));
