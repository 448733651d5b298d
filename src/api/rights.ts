import { endpoints } from '@contract/endpoints';
import type { ProductLine, Right, RightStatus } from '@contract/types';
import { api } from './client';

export const getRights = (query: { status?: RightStatus; productLine?: ProductLine } = {}) =>
  api.get<Right[]>(endpoints.rightsList, query);
