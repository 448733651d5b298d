import { endpoints } from '@contract/endpoints';
import type { LoginResult, UserInfo } from '@contract/types';
import { api } from './client';

export interface CkQuery {
  ticket: string;
  source: string;
  promoterId?: string;
  agentId?: string;
}

export const checkLogin = (query: CkQuery, variant: 'ck' | 'ckNew' = 'ck') =>
  api.get<LoginResult>(variant === 'ck' ? endpoints.loginCk : endpoints.loginCkNew, { ...query });
/** The profile as the login gateway handed it back, with its sign (decision 0052). */
export const bindWeChat = (profile: { openId: string; nickname: string; headImgUrl: string; openIdSign: string }) =>
  api.post<UserInfo>(endpoints.wxinfo, profile);
export const unbind = () => api.get<null>(endpoints.unbind);
