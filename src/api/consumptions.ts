import { endpoints } from '@contract/endpoints';
import type { ConsumeCount, Consumption, Evaluation, Page } from '@contract/types';
import { api } from './client';

export interface ConsumptionQuery {
  pageNum: number;
  pageSize: number;
  evaluateStatus?: 0 | 1;
}

export interface EvaluationInput {
  consumeId: number;
  score: number;
  content: string;
  tags: string[];
}

export const getConsumeCount = () => api.get<ConsumeCount>(endpoints.consumeCount);
export const getConsumptions = (query: ConsumptionQuery) =>
  api.get<Page<Consumption>>(endpoints.consumeList, { ...query });
export const getConsumption = (id: number) => api.get<Consumption>(endpoints.consumeDetail, { id });
export const startWriteOff = (rightId: number) => api.post<Consumption>(endpoints.writeOff, { rightId });
export const evaluate = (input: EvaluationInput) => api.post<Evaluation>(endpoints.evaluate, input);
