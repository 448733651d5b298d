import { endpoints } from '@contract/endpoints';
import type { Address, UserInfo } from '@contract/types';
import { api } from './client';

export const updateHead = (headImg: string) => api.postForm<{ headUrl: string }>(endpoints.updateHead, { headImg });
export const updateInfo = (nickname: string) => api.post<UserInfo>(endpoints.updateInfo, { nickname });
export const getAddresses = () => api.get<Address[]>(endpoints.addressList);
export const saveAddress = (address: Address) => api.post<Address>(endpoints.addressSave, address);
export const deleteAddress = (id: number) => api.post<null>(endpoints.addressDelete, { id });
