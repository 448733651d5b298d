import { useNavigate } from 'react-router-dom';
import { getNotices } from '@/api/notices';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { TabTitle } from '@/components/tab-title';
import { useRequest } from '@/hooks/server-state';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { Notice } from '@contract/types';
import { AvatarPicker } from './avatar-picker';
import { PersonalCentre } from './personal-centre';
import './mine.css';

/** How many of the latest notices the new-theme centre previews. */
const LATEST_NOTICES = 3;

/**
 * /mineNew: the new-theme personal centre (docs/product.md §2, tab bar two). Same data as /mine in its own
 * teal layout, plus a preview of the latest notices, read from prefix B as new-theme screens do
 * (docs/product.md §2.7). The share code entry leads to /my/shareNew.
 */
export default function MineNewPage() {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const token = useUserStore((s) => s.token);
  const navigate = useNavigate();
  const latest = useRequest<Notice[]>(
    () => getNotices({ pageNum: 1, pageSize: LATEST_NOTICES }, 'B').then((page) => page.list),
    [token],
    { enabled: loggedIn },
  );

  return (
    <PersonalCentre home="/indexNew" sharePath="/my/shareNew">
      {({ userInfo, phone, counts, menu }) => (
        <div className="mine-new theme-new">
          <RouteHeading />
          <div className="mine-new__top">
            <section className="mine-new__card">
              <div className="mine-new__who">
                <AvatarPicker size={56} />
                <div>
                  <p className="mine-new__name">{userInfo.nickname}</p>
                  <p className="mine-new__phone">{phone}</p>
                </div>
              </div>
              {counts}
            </section>
          </div>
          <section className="mine-new__notices">
            <TabTitle title="最新消息" extra={{ label: '查看全部', onClick: () => navigate('/message') }} />
            <PageState
              loading={latest.loading}
              error={latest.error}
              onRetry={latest.reload}
              empty={latest.data?.length === 0}
              emptyProps={{ text: '暂无消息' }}
              skeleton={<LatestNoticesSkeleton />}
            >
              <ul className="mine-new__notice-list">
                {latest.data?.map((notice) => (
                  <li key={notice.id}>
                    <button type="button" className="mine-new__notice" onClick={() => navigate('/message')}>
                      {notice.readFlag === 0 && <span className="mine-new__dot" aria-label="未读" />}
                      <span className="mine-new__notice-title">{notice.title}</span>
                      <time className="mine-new__notice-time" dateTime={notice.createTime}>
                        {notice.createTime.slice(5, 10)}
                      </time>
                    </button>
                  </li>
                ))}
              </ul>
            </PageState>
          </section>
          {menu}
        </div>
      )}
    </PersonalCentre>
  );
}

/**
 * The latest notices' loading shape: the list's own box and rows (`.mine-new__notice`), a grey
 * line in each, so the menu below stays where it is when the notices arrive (decision 0031: a
 * customer's part reserves its height). The shared <Skeleton>'s padded cards were 64px taller.
 */
function LatestNoticesSkeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <ul className="mine-new__notice-list" aria-hidden="true">
        {Array.from({ length: LATEST_NOTICES }, (_, i) => (
          <li key={i}>
            <span className="mine-new__notice">
              <span className="skeleton__line mine-new__notice-title" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
