import { Link } from 'react-router-dom';
import { SERVICE_PHONE } from '@/config/constants';
import { useIndexCode } from '@/hooks/use-index-code';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { paths } from '@/lib/paths';
import './rights.css';

interface Copy {
  title: string;
  why: string;
  steps: string[];
}

/** Product-line specific explanations (docs/product.md §2.7). */
const COPY: Record<'any' | 'ebt' | 'ryb', Copy> = {
  any: {
    title: '您暂时没有可查看的健康权益',
    why: '健康权益随保单一同生效。当前登录的手机号下，我们没有查到附带健康服务的有效保单。',
    steps: [
      '确认登录的手机号与投保时预留的手机号一致',
      '新投保的保单通常在生效后1-2个工作日内同步权益，请稍后再来看看',
      '仍有疑问，请拨打客服热线，我们帮您核对保单',
    ],
  },
  ebt: {
    title: '暂未查到您的团体保障权益',
    why: '团体保险的健康权益由投保单位为员工统一开通。您的单位可能尚未为您开通，或登记的手机号与当前登录的不一致。',
    steps: [
      '向单位的人事或福利负责人确认是否已为您投保并开通健康服务',
      '确认单位登记的手机号与当前登录的手机号一致',
      '单位已开通但仍看不到，请拨打客服热线，报上单位名称以便核实',
    ],
  },
  ryb: {
    title: '暂未查到您的长期健康管理权益',
    why: '长期健康管理服务随对应的保险产品提供，在保单生效并完成健康档案登记后开通。',
    steps: [
      '确认您的保单已生效，且登录的手机号为投保人或被保险人预留的号码',
      '保单生效后1-2个工作日内会自动开通，请稍后再来看看',
      '需要补登健康档案或核对保单，请拨打客服热线',
    ],
  },
};

/** /noRights, /noRights/ebtNoRights, /noRights/rybNoRights: why there are no rights, and what to do. */
export default function NoRightsPage() {
  const { variant } = useRouteMeta();
  const indexCode = useIndexCode();
  const copy = COPY[variant === 'ebt' || variant === 'ryb' ? variant : 'any'];
  return (
    <div className="no-rights">
      <svg className="no-rights__art" viewBox="0 0 160 120" aria-hidden="true">
        <ellipse cx="80" cy="108" rx="56" ry="7" fill="#eef1f6" />
        <path
          d="M80 18 120 32v28c0 24-18 38-40 46-22-8-40-22-40-46V32z"
          fill="var(--app-color-primary-soft)"
          stroke="var(--app-color-primary)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path
          d="M66 62h28M80 48v28"
          stroke="var(--app-color-primary)"
          strokeWidth="5"
          strokeLinecap="round"
          opacity="0.5"
        />
      </svg>
      <h1 className="no-rights__title">{copy.title}</h1>
      <p className="no-rights__why">{copy.why}</p>
      <section className="no-rights__card" aria-labelledby="no-rights-steps">
        <h2 id="no-rights-steps" className="no-rights__heading">
          您可以这样做
        </h2>
        <ol className="no-rights__steps">
          {copy.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <div className="no-rights__actions">
        <a className="app-button app-button--primary app-button--block" href={`tel:${SERVICE_PHONE.replace(/-/g, '')}`}>
          拨打客服热线 {SERVICE_PHONE}
        </a>
        <Link className="app-button app-button--ghost app-button--block" to={paths.home(indexCode)}>
          返回首页
        </Link>
      </div>
    </div>
  );
}
