import { SideBar } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { getStaticJson } from '@/api/client';
import { EmptyView } from '@/components/empty-view';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { ServiceLink } from '@/components/service-link';
import { useRequest } from '@/hooks/server-state';
import { useSessionIndexCode } from '@/hooks/use-index-code';
import type { ServiceCatalog } from '@contract/types';
import './services.css';

/**
 * /servList: every service of serviceCatalog.json by category (a side bar), with a search by
 * name across all categories (docs/product.md §4.9). A kept screen: the chosen category and the
 * search survive a visit to a service.
 */
export default function ServListPage() {
  const indexCode = useSessionIndexCode();
  const { data, loading, error, reload } = useRequest(() => getStaticJson<ServiceCatalog>('serviceCatalog'), []);
  const [category, setCategory] = useState<string>();
  const [query, setQuery] = useState('');
  const term = query.trim();

  const active = category ?? data?.categories[0]?.code;
  const shown = useMemo(() => {
    if (!data) return [];
    if (term) return data.services.filter((s) => s.name.includes(term) || s.summary.includes(term));
    return data.services.filter((s) => s.category === active);
  }, [data, term, active]);

  return (
    <div className="serv-list">
      <RouteHeading />
      <div className="serv-list__search">
        {/* A native search field, not antd-mobile's SearchBar: its <input> is a line of text tall
            inside the grey box, and only the <input> takes a tap; this one is the whole box. */}
        <SearchOutline className="serv-list__search-icon" aria-hidden="true" />
        <input
          type="search"
          className="serv-list__search-input"
          placeholder="搜索服务名称"
          aria-label="搜索服务"
          enterKeyHint="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <PageState loading={loading} error={error} onRetry={reload} empty={!data || data.services.length === 0}>
        <div className={`serv-list__body${term ? ' serv-list__body--search' : ''}`}>
          {!term && data && (
            <SideBar activeKey={active ?? null} onChange={setCategory} className="serv-list__side">
              {data.categories.map((c) => (
                <SideBar.Item key={c.code} title={c.name} />
              ))}
            </SideBar>
          )}
          <section
            className="serv-list__main"
            aria-label={term ? '搜索结果' : data?.categories.find((c) => c.code === active)?.name}
          >
            {shown.length === 0 ? (
              <EmptyView text={term ? `没有找到“${term}”相关的服务` : '该分类暂无服务'} />
            ) : (
              <ul className="serv-list__items">
                {shown.map((service) => (
                  <li key={service.code}>
                    <ServiceLink service={service} indexCode={indexCode} block="serv-list" withSummary iconSize={40} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </PageState>
    </div>
  );
}
