import { SKELETON_ROWS } from '@/config/constants';
import { PRODUCT_LINE_LABEL, remainingText, RIGHT_STATUS_LABEL, validityText } from '@/lib/right-facts';
import { endpoints } from '@contract/endpoints';
import type { Right, RightStatus } from '@contract/types';
import { element, skeleton } from './dom';
import { drawFromEarlyCall } from './early-call';
import type { BootHooks } from './globals';
import { earlyCalls } from './globals';
import { storedToken } from './spec-headers';
import { storedCustomer } from './stored-customer';
import type { FirstPaintTemplates } from './templates';
import { fromTemplate } from './templates';

const has = (labels: object, key: unknown) =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(labels, key);

/** Whether `r` is a right as the screen reads one: anything else is left to the app. */
function isRight(r: unknown): r is Right {
  if (typeof r !== 'object' || r === null) return false;
  const x = r as Record<string, unknown>;
  return (
    typeof x.id === 'number' &&
    typeof x.name === 'string' &&
    has(PRODUCT_LINE_LABEL, x.productLine) &&
    has(RIGHT_STATUS_LABEL, x.status) &&
    (x.totalTimes === null || typeof x.totalTimes === 'number') &&
    typeof x.usedTimes === 'number' &&
    typeof x.validFrom === 'string' &&
    typeof x.validTo === 'string' &&
    typeof x.policyNo === 'string'
  );
}

/** The list an envelope carries, when it is a non-empty list of rights (none at all leads elsewhere). */
function rightsOf(envelope: unknown): Right[] | null {
  const { code, obj } = (envelope ?? {}) as { code?: unknown; obj?: unknown };
  return code === 200 && Array.isArray(obj) && obj.length > 0 && obj.every(isRight) ? obj : null;
}

/**
 * /rights opened by a customer (decision 0050): the list is asked for while the HTML is parsed,
 * with docs/product.md §7's headers, and the address's tab drawn as `RightCard` draws it, worded by
 * lib/right-facts.ts, loading rows until it answers. The app takes this answer instead of asking
 * again (features/rights/early-rights.ts); an answer that is not a non-empty list of rights (a
 * failure, a refusal such as the clock's) is left to the app, the loading rows staying.
 * src/app/first-paint-structure.test.tsx compares the drawing with the screen's first render.
 */
export function drawRights(hooks: BootHooks, templates: FirstPaintTemplates): void {
  if (location.pathname !== '/rights') return;
  const tab = (/[?&]tab=([a-z]+)(?:&|$)/.exec(location.search) ?? [])[1] ?? 'available';
  const token = storedToken();
  if (!has(RIGHT_STATUS_LABEL, tab) || !storedCustomer() || !token) return;
  const statuses = Object.keys(RIGHT_STATUS_LABEL) as RightStatus[];
  /** `RightsTabs` with the address's tab selected, each status's count once `list` is there. */
  const tabsOf = (list?: Right[]) => {
    const count = (status: RightStatus) => String(list?.filter((r) => r.status === status).length ?? '');
    const tabs = fromTemplate(templates.rightsTabs, {
      available: count('available'),
      used: count('used'),
      expired: count('expired'),
    });
    [...statuses, 'records'].forEach((key, i) => tabs.children[i].setAttribute('aria-selected', String(key === tab)));
    if (!list) tabs.querySelectorAll('.rights__tab-count').forEach((c) => c.remove());
    return tabs;
  };

  const fill = (frame: HTMLElement, list: Right[]) => {
    frame.querySelector('.rights__tabs')!.replaceWith(tabsOf(list));
    const ul = element('ul', 'rights__list');
    for (const r of list) {
      if (r.status !== tab) continue;
      const card = fromTemplate(templates.rightCard, {
        status: r.status,
        name: r.name,
        lineLabel: PRODUCT_LINE_LABEL[r.productLine],
        statusLabel: RIGHT_STATUS_LABEL[r.status],
        remaining: remainingText(r),
        validity: validityText(r),
        policyNo: r.policyNo,
      });
      ul.appendChild(element('li')).appendChild(card);
    }
    // No card in this tab: the app shows its empty view.
    if (ul.firstChild) frame.querySelector('.rights__panel')!.replaceChildren(ul);
  };

  earlyCalls().rights = drawFromEarlyCall(hooks, {
    url: endpoints.rightsList,
    token,
    accept: rightsOf,
    build: (screen) => {
      const rights = screen.appendChild(element('div', 'rights'));
      rights.appendChild(tabsOf());
      // The screen's own loading rows (<Skeleton> as PageState shows it) until the cards replace them.
      rights
        .appendChild(element('div', 'rights__panel'))
        .appendChild(skeleton(templates.rightsSkeleton, SKELETON_ROWS.rows));
    },
    fill,
    // The app downloads once the cards are drawn (first-paint-from-html.ts), a frame later.
    shown: () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  });
}
