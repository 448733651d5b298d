import { create } from 'zustand';
import type { AgreementStatus } from '@contract/types';

/**
 * Whether the first-use privacy sheet must show (docs/product.md §4.3). Not
 * persisted: the gateway is asked again on every app start (docs/product.md §4.3).
 * Tiny on purpose — the layout reads it on the first screen, the sheet itself loads lazily.
 */
interface AgreementState {
  /** The versions to accept, while the user has not agreed; null otherwise. */
  pending: Pick<AgreementStatus, 'userAgreementVersion' | 'thirdPartyListVersion'> | null;
  /** The gateway has been asked in this app start (by the transfer page or the layout). */
  checked: boolean;
}

export const useAgreementStore = create<AgreementState>()(() => ({ pending: null, checked: false }));

/** `GET A/userAgreement/` answered: open the sheet when not agreed. */
export function agreementChecked(status: AgreementStatus): void {
  useAgreementStore.setState({
    checked: true,
    pending: status.agreed
      ? null
      : { userAgreementVersion: status.userAgreementVersion, thirdPartyListVersion: status.thirdPartyListVersion },
  });
}

/** The user agreed (the gateway accepted): close the sheet. */
export function agreementAccepted(): void {
  useAgreementStore.setState({ pending: null, checked: true });
}

/** Test helper and logout: forget everything. */
export function agreementReset(): void {
  useAgreementStore.setState({ pending: null, checked: false });
}
