import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { startLogin } from '@/lib/login-redirect';
import { withIndexCode } from '@/lib/paths';
import {
  completeLogin,
  indexCodeFrom,
  type LoginAttempts,
  type LoginOutcome,
  MISSING_TICKET,
  type TransferVariant,
  transferVariant,
} from './complete-login';
import './login.css';

/**
 * /transferPage, /transferPage1, /transferPageMn (docs/product.md §2, docs/product.md §4.2): where the login gateway
 * sends the user back with `ticket` and `data`. Kept alive per path, so the work is keyed
 * on the ticket: a later visit with a new ticket starts afresh.
 */
export default function TransferPage() {
  const [params] = useSearchParams();
  const { path, variant } = useRouteMeta();
  return (
    <TransferWork key={`${path}?${params.get('ticket') ?? ''}`} params={params} variant={transferVariant(variant)} />
  );
}

interface TransferWorkProps {
  params: URLSearchParams;
  variant: TransferVariant;
}

function TransferWork({ params, variant }: TransferWorkProps) {
  const navigate = useNavigate();
  const hasTicket = Boolean(params.get('ticket'));
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<LoginOutcome | undefined>(
    hasTicket ? undefined : { ok: false, message: MISSING_TICKET, retry: false },
  );
  // A ticket works once: StrictMode's second effect run and <Activity> re-shows must not spend
  // it again, so each attempt runs once per instance.
  const ran = useRef(-1);
  const attempts = useRef<LoginAttempts>({});

  useEffect(() => {
    if (!hasTicket || ran.current === attempt) return;
    ran.current = attempt;
    setOutcome(undefined);
    void completeLogin(params, variant, attempts.current).then(setOutcome);
  }, [attempt, hasTicket, params, variant]);

  // An Effect, so a screen hidden meanwhile (the user went back) navigates only when shown.
  useEffect(() => {
    if (outcome?.ok) navigate(outcome.target, { replace: true });
  }, [outcome, navigate]);

  const indexCode = indexCodeFrom(params.get('data'));
  // Not goToLogin: it would save this transfer page as the path to return to — a loop.
  const loginAgain = () => startLogin({ transferPage: variant.transferPage, source: variant.source, indexCode });

  return (
    <div className="transfer">
      <PageState loading={!outcome || outcome.ok} skeleton={<LoginProgress />}>
        {outcome && !outcome.ok && (
          <section className="transfer__failure" role="alert">
            <svg className="transfer__art" viewBox="0 0 120 100" aria-hidden="true">
              <ellipse cx="60" cy="92" rx="42" ry="6" fill="#eef1f6" />
              <rect x="30" y="14" width="60" height="70" rx="10" fill="#f4f7fb" stroke="#cfd8e6" strokeWidth="3" />
              <circle cx="60" cy="44" r="14" fill="none" stroke="var(--app-color-primary)" strokeWidth="4" />
              <path d="M60 36v9M60 51v1" stroke="var(--app-color-primary)" strokeWidth="4" strokeLinecap="round" />
              <path d="M44 70h32" stroke="#cfd8e6" strokeWidth="4" strokeLinecap="round" />
            </svg>
            <h1 className="transfer__title">登录未完成</h1>
            <p className="transfer__message">{outcome.message}</p>
            {outcome.retry && (
              <button
                type="button"
                className="app-button app-button--primary app-button--block"
                onClick={() => setAttempt((n) => n + 1)}
              >
                重试
              </button>
            )}
            <button
              type="button"
              className={`app-button app-button--block ${outcome.retry ? 'app-button--ghost' : 'app-button--primary'}`}
              onClick={loginAgain}
            >
              重新登录
            </button>
            <Link className="transfer__home" to={withIndexCode(variant.home, indexCode)}>
              返回首页
            </Link>
          </section>
        )}
      </PageState>
    </div>
  );
}

/** The loading view while the ticket is checked. */
function LoginProgress() {
  return (
    <div className="transfer__progress" aria-busy="true">
      <span className="transfer__spinner" aria-hidden="true" />
      <h1 className="transfer__progress-text">登录中…</h1>
    </div>
  );
}
