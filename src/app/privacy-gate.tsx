import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { whenSettled } from '@/lib/when-settled';
import { useAgreementStore } from '@/stores/agreement';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';

// First screen (decision 0003): the check (axios client) and the sheet (antd-mobile Popup) load only when needed;
// the sheet is a chunk of its own, not part of the shell, since most starts never show it.
const PrivacySheet = lazy(() => import('@/components/privacy-sheet').then((m) => ({ default: m.PrivacySheet })));

/**
 * docs/product.md §4.3: asks `A/userAgreement/` once per app start while logged
 * in (the transfer pages ask themselves right after login), and shows the first-use privacy
 * sheet while the user has not agreed. The sheet steps aside on the agreement documents it
 * links, so they can be read, and shows again on coming back.
 */
export function PrivacyGate() {
  const { pathname } = useLocation();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const pending = useAgreementStore((s) => s.pending);
  const checked = useAgreementStore((s) => s.checked);
  const asked = useRef(false);
  const onTransferPage = pathname.startsWith('/transferPage');

  useEffect(() => {
    if (!loggedIn || checked || onTransferPage || asked.current) return;
    // First screen (decision 0003): at app start this waits until the first screen has settled; after a login, the
    // page settled long ago and it runs at the next idle moment.
    return whenSettled(() => {
      asked.current = true;
      void import('@/components/check-agreement').then((m) => m.checkAgreement());
    });
  }, [loggedIn, checked, onTransferPage]);

  const readingDocument = pathname.startsWith('/portal/agreement/');
  if (!loggedIn || !pending || readingDocument || onTransferPage) return null;
  return (
    <Suspense fallback={null}>
      <PrivacySheet versions={pending} />
    </Suspense>
  );
}
