import { endpoints } from '@contract/endpoints';
import type { GetMoreResult, LegalDocuments } from '@contract/types';
import { api, getStaticJson } from './client';

export const getMore = (indexCode: string) => api.get<GetMoreResult>(endpoints.portalGetMore, { indexCode });
export const getLegalDocuments = () => getStaticJson<LegalDocuments>('agreements');
