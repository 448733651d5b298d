import { Link } from 'react-router-dom';

/**
 * The three services that have an agreement of their own (docs/product.md §2's /agreement/user/… pages,
 * titled as in docs/product.md §2.2), so a customer about to use one can read it (decision 0026).
 */
const AGREEMENTS: Record<string, { path: string; title: string }> = {
  health_assess: { path: '/agreement/user/znjkpc', title: '智能健康评测服务协议' },
  report_reading: { path: '/agreement/user/tjbgjd', title: '体检报告解读服务协议' },
  smart_selfcheck: { path: '/agreement/user/znjkzz', title: '智能健康自诊服务协议' },
};

/** 使用本服务即表示您同意《…》 under a service's information; nothing for other services. */
export function ServiceAgreement({ serviceCode }: { serviceCode: string }) {
  const agreement = AGREEMENTS[serviceCode];
  if (!agreement) return null;
  return (
    <p className="serv-inform__agreement">
      使用本服务即表示您同意<Link to={agreement.path}>《{agreement.title}》</Link>
    </p>
  );
}
