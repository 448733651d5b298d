import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Notice, Right } from '../../contract/types.ts';
import type { FirstPaintTemplates } from '../../src/boot/templates.ts';
import { Skeleton } from '../../src/components/skeleton.tsx';
import { SKELETON_ROWS } from '../../src/config/constants.ts';
import { BannerCarousel } from '../../src/features/home/banner-carousel.tsx';
import { HomeNewBanner } from '../../src/features/home/home-new-banner.tsx';
import { HomeNewHeader } from '../../src/features/home/home-new-header.tsx';
import { LoginHintCard } from '../../src/features/home/login-hint-card.tsx';
import { NoticeTickerPlaceholder } from '../../src/features/home/notice-ticker.tsx';
import { RightsSummary } from '../../src/features/home/rights-summary.tsx';
import { MessagesBar } from '../../src/features/messages/messages-bar.tsx';
import { NoticeItem } from '../../src/features/messages/notice-item.tsx';
import { NOTICE_LIST_SKELETON } from '../../src/features/messages/notice-text.ts';
import { MineCounts } from '../../src/features/mine/mine-counts.tsx';
import { MineHeader } from '../../src/features/mine/mine-header.tsx';
import { RightCard } from '../../src/features/rights/right-card.tsx';
import { type RightsTab, RightsTabs } from '../../src/features/rights/rights-tabs.tsx';

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
    productLine: '{{line}}',
    policyNo: '{{policyNo}}',
    serviceCode: 'S',
  } as unknown as Right;
  const banner = { id: 0, title: '{{title}}', subtitle: '{{subtitle}}', tone: '{{tone}}', link: '/index' };
  const none = () => undefined;
  const tabs = (counts: Record<string, string>) => (
    <RightsTabs tab={'{{tab}}' as RightsTab} counts={counts} onSelect={none} />
  );
  return {
    banner: render(<BannerCarousel banners={[banner as never]} />),
    loginHint: render(<LoginHintCard indexCode="index" />),
    noticeRead: render(<NoticeItem notice={notice(1)} onOpen={() => undefined} />),
    noticeUnread: render(<NoticeItem notice={notice(0)} onOpen={() => undefined} />),
    noticeSkeleton: render(<Skeleton rows={1} rowHeight={NOTICE_LIST_SKELETON.rowHeight} />),
    rightCard: render(<RightCard right={right} indexCode="index" />),
    rightsSkeleton: render(<Skeleton rows={1} rowHeight={SKELETON_ROWS.rowHeight} />),
    messagesBar: render(<MessagesBar countText="" readAllDisabled onReadAll={none} />),
    rightsTabs: render(tabs({ available: '{{available}}', used: '{{used}}', expired: '{{expired}}' })),
    mineHeader: render(
      <MineHeader
        avatar={
          <span className="avatar-picker__face">
            <span className="user-avatar mine__avatar-place" />
          </span>
        }
        nickname="{{nickname}}"
        phone="{{phone}}"
      />,
    ),
    homeNewHeader: render(<HomeNewHeader tagline="{{tagline}}" />),
    homeNewBanner: render(
      <HomeNewBanner
        banner={{ title: '{{title}}', subtitle: '{{subtitle}}', tone: '{{tone}}' as never }}
        to="/indexNew"
      />,
    ),
    noticeTicker: render(<NoticeTickerPlaceholder />),
    rightsSummary: render(<RightsSummary indexCode="index" />),
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
