import { endpoints } from '@contract/endpoints';
import type { AgreementStatus, UserInfo } from '@contract/types';
import { api } from './client';

// docs/product.md §8: agreement calls failing are swallowed silently, hence `silent`.
export const getAgreementStatus = () => api.get<AgreementStatus>(endpoints.agreement, undefined, { silent: true });
export const agreeToAgreements = () => api.post<UserInfo>(endpoints.agreementAgree, undefined, { silent: true });
