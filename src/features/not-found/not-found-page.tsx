import { useNavigate } from 'react-router-dom';
import { EmptyView } from '@/components/empty-view';

/** Any path outside docs/product.md §2's table. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="not-found">
      <h1 className="not-found__title">页面不存在</h1>
      <EmptyView
        text="您访问的页面不存在或已下线"
        action={{ label: '返回首页', onClick: () => navigate('/index', { replace: true }) }}
      />
    </div>
  );
}
