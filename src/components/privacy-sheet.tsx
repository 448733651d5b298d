import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { afterNextPaint } from '@/lib/after-paint';
import { paths } from '@/lib/paths';
import { agreementAccepted } from '@/stores/agreement';
import { userInfoReplaced, useUserStore } from '@/stores/user';
import type { AgreementStatus } from '@contract/types';
import './privacy-sheet.css';

export interface PrivacySheetProps {
  /** The document versions the gateway asks the user to accept. */
  versions: Pick<AgreementStatus, 'userAgreementVersion' | 'thirdPartyListVersion'>;
}

/**
 * The first-use privacy sheet (docs/product.md §2, docs/product.md §11.1 texts). It cannot be dismissed except by
 * agreeing: no mask close, no close button. Agreeing posts `A/userAgreement/agree`, replaces
 * userInfo with `obj` and goes to `/index?indexCode=…` (docs/product.md §4), even after a restored path.
 * A failing agree stays silent (docs/product.md §8: the api passes `silent`) and the sheet stays.
 *
 * Rendered by app/privacy-gate.tsx only while the gateway says not agreed.
 */
export function PrivacySheet({ versions }: PrivacySheetProps) {
  return (
    <Popup visible closeOnMaskClick={false} showCloseButton={false} bodyClassName="privacy-sheet">
      <section role="dialog" aria-modal="true" aria-labelledby="privacy-sheet-title" className="privacy-sheet__inner">
        {/* Scrolls when the window is short (landscape), so the button below stays on screen. */}
        <div className="privacy-sheet__body">
          <svg className="privacy-sheet__art" viewBox="0 0 64 64" aria-hidden="true">
            <path
              d="M32 6l22 8v16c0 14-9.5 24-22 28C19.5 54 10 44 10 30V14z"
              fill="var(--app-color-primary-soft)"
              stroke="var(--app-color-primary)"
              strokeWidth="3"
              strokeLinejoin="round"
            />
            <path
              d="M22 32l7 7 14-15"
              fill="none"
              stroke="var(--app-color-primary)"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h2 id="privacy-sheet-title" className="privacy-sheet__title">
            欢迎使用健康平台
          </h2>
          <p className="privacy-sheet__text">为了保障您的权益，请在首次使用前阅读并确认以下协议</p>
          <p className="privacy-sheet__links">
            <Link to={`/portal/agreement/user/${encodeURIComponent(versions.userAgreementVersion)}`}>
              《平台用户协议》
            </Link>
            <Link to={`/portal/agreement/thirdPartyList/${encodeURIComponent(versions.thirdPartyListVersion)}`}>
              《第三方共享个人信息清单》
            </Link>
          </p>
        </div>
        <AgreeButton />
      </section>
    </Popup>
  );
}

/**
 * 我已阅读并同意, with its own state: the tap re-renders this button only, not the Popup around
 * it (react-spring's), so the tap's frame is cheap.
 */
function AgreeButton() {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  async function agree() {
    setSending(true);
    try {
      // The tap's frame (the disabled button) paints first; the call and the home it leads to come after it.
      await new Promise<void>((resolve) => afterNextPaint(resolve));
      const { agreeToAgreements } = await import('@/api/agreement');
      userInfoReplaced(await agreeToAgreements());
      agreementAccepted();
      const indexCode = useUserStore.getState().indexCode;
      navigate(paths.home(indexCode));
    } catch {
      // docs/product.md §8: swallowed silently; the sheet stays so the user can agree again.
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      className="app-button app-button--primary app-button--block"
      disabled={sending}
      onClick={() => void agree()}
    >
      我已阅读并同意
    </button>
  );
}
