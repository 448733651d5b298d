import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { getTokenCookie, removeTokenCookie, setTokenCookie } from '@/lib/cookie';
import { readIndexCode } from '@/lib/index-code';
import type { LoginResult, Role, UserInfo } from '@contract/types';

/**
 * The persisted user store: exactly docs/product.md §3's fields, in localStorage under `user`.
 * Changed only through the actions below (named for what happened, callable outside React);
 * the token is written to and cleared from the `token` cookie together with the store.
 */
export interface UserState {
  nickname: string;
  userInfo: UserInfo | null;
  role: Role | '';
  token: string;
  /** The full path to return to after login (checked by safePath before use). */
  fullPath: string;
  promoterId: string;
  indexCode: string;
  agentId: string;
  ucAgentUserId: string;
  ucUserId: string;
}

export const initialUserState: UserState = {
  nickname: '',
  userInfo: null,
  role: '',
  token: '',
  fullPath: '',
  promoterId: '',
  indexCode: DEFAULT_INDEX_CODE,
  agentId: '',
  ucAgentUserId: '',
  ucUserId: '',
};

const isString = (v: unknown): v is string => typeof v === 'string';

function readUserInfo(value: unknown): UserInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const valid =
    isString(v.userId) &&
    isString(v.mobilePhone) &&
    isString(v.nickname) &&
    isString(v.headUrl) &&
    (v.role === 'customer' || v.role === 'agent') &&
    (v.agreementVersion === undefined || isString(v.agreementVersion));
  return valid ? (v as unknown as UserInfo) : null;
}

/**
 * Reads what localStorage holds, field by field; anything malformed falls back to its initial
 * value (docs/style.md §6: persisted state validated when read). Hand-written rather than zod so the
 * schema library stays off the first screen (decision 0003).
 */
export function readPersistedUser(persisted: unknown): Partial<UserState> {
  if (typeof persisted !== 'object' || persisted === null) return {};
  const p = persisted as Record<string, unknown>;
  const text = (key: keyof UserState) => (isString(p[key]) ? (p[key] as string) : (initialUserState[key] as string));
  return {
    nickname: text('nickname'),
    userInfo: readUserInfo(p.userInfo),
    role: p.role === 'customer' || p.role === 'agent' ? p.role : '',
    token: text('token'),
    fullPath: text('fullPath'),
    promoterId: text('promoterId'),
    indexCode: readIndexCode(p.indexCode),
    agentId: text('agentId'),
    ucAgentUserId: text('ucAgentUserId'),
    ucUserId: text('ucUserId'),
  };
}

/**
 * A stored session whose `token` cookie is gone (it expired with the token, or the WebView
 * dropped it) is read as logged out, quietly: no call goes out without its bearer only to be
 * refused with a toast on the first screen (decision 0023). The indexCode stays, as on logout.
 */
function withLiveSession(state: UserState): UserState {
  const session = Boolean(state.token || state.userInfo);
  if (!session || getTokenCookie() === state.token) return state;
  staleSessionRead = true;
  return { ...state, ...initialUserState, indexCode: state.indexCode };
}

let staleSessionRead = false;

/** Writes the logged-out state back, so localStorage keeps no dead token either. */
function forgetStaleSession(): void {
  if (!staleSessionRead) return;
  staleSessionRead = false;
  useUserStore.setState({});
}

export const useUserStore = create<UserState>()(
  persist(() => ({ ...initialUserState }), {
    name: 'user',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    merge: (persisted, current) => withLiveSession({ ...current, ...readPersistedUser(persisted) }),
  }),
);

// The first hydration ran inside create(), before the store could be written to.
forgetStaleSession();
useUserStore.persist.onFinishHydration(forgetStaleSession);

/**
 * Login finished (transfer page): store the session and write the cookie for the token's
 * lifetime. The share attribution the login carried is spent: promoterId and agentId become
 * the user's own (an agent's) or empty, so no later login sends them again (decision 0023).
 */
export function loggedIn(result: LoginResult): void {
  setTokenCookie(result.token, result.expiresIn);
  useUserStore.setState({
    token: result.token,
    userInfo: result.userInfo,
    nickname: result.nickname,
    role: result.role,
    promoterId: result.promoterId ?? '',
    agentId: result.agentId ?? '',
    ucAgentUserId: result.ucAgentUserId ?? '',
    ucUserId: result.ucUserId,
  });
}

/** The gateway returned a new UserInfo (agreement accepted, profile edited, WeChat bound). */
export function userInfoReplaced(userInfo: UserInfo): void {
  useUserStore.setState({ userInfo, nickname: userInfo.nickname, role: userInfo.role });
}

/** An unauthenticated tab tap: remember where to come back to. */
export function fullPathSaved(fullPath: string): void {
  useUserStore.setState({ fullPath });
}

/** The saved path has been used (or refused); forget it. */
export function fullPathCleared(): void {
  useUserStore.setState({ fullPath: '' });
}

/** A share link was opened: remember the agent to attribute the login to. */
export function shareAttributed(ids: { promoterId: string; agentId: string }): void {
  useUserStore.setState(ids);
}

/** The current tabbed screen's indexCode changed. */
export function indexCodeChanged(indexCode: string): void {
  if (useUserStore.getState().indexCode !== indexCode) useUserStore.setState({ indexCode });
}

/** Logged out, unbound, or the gateway said the token is gone: clear the session and cookie. */
export function loggedOut(): void {
  removeTokenCookie();
  const { indexCode } = useUserStore.getState();
  useUserStore.setState({ ...initialUserState, indexCode });
}

/** Selector helper: a user is authenticated when their userInfo has a mobilePhone (docs/product.md §4). */
export const selectIsLoggedIn = (s: UserState) => Boolean(s.userInfo?.mobilePhone);
