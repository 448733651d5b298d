import { agreementChecked } from '@/stores/agreement';

/**
 * Asks the gateway whether the current documents are accepted and opens the privacy sheet
 * when not (docs/product.md §4.3). docs/product.md §8: a failing agreement call is swallowed silently — the client
 * does not toast (`silent`) and nothing changes here; resolves either way.
 */
export async function checkAgreement(): Promise<void> {
  try {
    // Loaded on first use: components/ sits in the first screen's shell chunk (decision 0003).
    const { getAgreementStatus } = await import('@/api/agreement');
    agreementChecked(await getAgreementStatus());
  } catch {
    // Silent by contract (docs/product.md §8): the next app start asks again.
  }
}
