import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Notice, Right } from '../../contract/types.ts';
import type { FirstPaintTemplates } from '../../src/boot/templates.ts';
import { Skeleton } from '../../src/components/skeleton.tsx';
import { SKELETON_ROWS } from '../../src/config/constants.ts';
import { BannerCarousel } from '../../src/features/home/banner-carousel.tsx';
import { LoginHintCard } from '../../src/features/home/login-hint-card.tsx';
import { NoticeItem } from '../../src/features/messages/notice-item.tsx';
import { NOTICE_LIST_SKELETON } from '../../src/features/messages/notice-text.ts';
import { MineCounts } from '../../src/features/mine/mine-counts.tsx';
import { RightCard } from '../../src/features/rights/right-card.tsx';

/**
 * What the boot module draws, rendered once at build with react-dom/server from the screens' own
 * components (decision 0057): the markup has one source. A customer's data is a marked slot,
 * `{{name}}` (build/first-paint/slot-wording.ts stands in for the wording modules), that the boot
 * module fills as text. The copy is inert: no link, nothing focusable, no ids.
 */
export function renderTemplates(): FirstPaintTemplates {
  const notice = (readFlag: 0 | 1): Notice => ({
    id: 0,
    title: '{{title}}',
    content: '',
    noticeType: '{{type}}' as Notice['noticeType'],
    readFlag,
    createTime: '{{createTime}}',
  });
  const right = {
    name: '{{name}}',
    status: '{{status}}',
    policyNo: '{{policyNo}}',
    serviceCode: 'S',
  } as unknown as Right;
  const banner = { id: 0, title: '{{title}}', subtitle: '{{subtitle}}', tone: '{{tone}}', link: '/index' };
  return {
    banner: render(<BannerCarousel banners={[banner as never]} />),
    loginHint: render(<LoginHintCard indexCode="index" />),
    noticeRead: render(<NoticeItem notice={notice(1)} onOpen={() => undefined} />),
    noticeUnread: render(<NoticeItem notice={notice(0)} onOpen={() => undefined} />),
    noticeSkeleton: render(<Skeleton rows={1} rowHeight={NOTICE_LIST_SKELETON.rowHeight} />),
    rightCard: render(<RightCard right={right} indexCode="index" />),
    rightsSkeleton: render(<Skeleton rows={1} rowHeight={SKELETON_ROWS.rowHeight} />),
    mineCounts: render(<MineCounts summary={undefined} loading error={null} onRetry={() => undefined} unread={0} />),
  };
}

/** `node`'s static markup, made inert for a copy hidden from assistive technology. */
function render(node: React.ReactNode): string {
  return inert(renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>));
}

/**
 * Without links' targets, ids and what points at them, and the router's and tests' data
 * attributes; every button and link out of the tab order.
 */
export function inert(html: string): string {
  return html
    .replace(/ (?:href|id|aria-describedby|aria-controls|aria-labelledby|data-discover|data-testid)="[^"]*"/g, '')
    .replace(/<(button|a)\b/g, '<$1 tabindex="-1"');
}
