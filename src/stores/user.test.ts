import Cookies from 'js-cookie';
import { demoUser, mockToken, userInfoOf } from '../../tests/mocks/db';
import { loggedIn, loggedOut, readPersistedUser, shareAttributed, useUserStore, userInfoReplaced } from './user';

const result = () => {
  const user = demoUser('13800138000');
  return {
    token: mockToken('13800138000'),
    userInfo: userInfoOf(user),
    nickname: user.nickname,
    role: user.role,
    ucUserId: user.ucUserId,
  };
};

describe('user store (SPEC §3)', () => {
  it('persists exactly the SPEC §3 fields to localStorage and reads them back after a reload', async () => {
    loggedIn(result());
    const saved = JSON.parse(localStorage.getItem('user') ?? '{}');
    expect(Object.keys(saved.state).sort()).toEqual(
      ['agentId', 'fullPath', 'indexCode', 'nickname', 'promoterId', 'role', 'token', 'ucAgentUserId', 'ucUserId', 'userInfo'].sort(),
    );
    expect(saved.version).toBe(1);

    // A reload: the in-memory state is gone, the storage stays.
    const stored = localStorage.getItem('user')!;
    useUserStore.setState({ token: '', userInfo: null });
    localStorage.setItem('user', stored);
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState().token).toBe(mockToken('13800138000'));
    expect(useUserStore.getState().userInfo?.mobilePhone).toBe('13800138000');
  });

  it('writes the token cookie with path / on login and clears store and cookie on logout', () => {
    loggedIn(result());
    expect(Cookies.get('token')).toBe(mockToken('13800138000'));
    expect(document.cookie).toContain('token=');
    loggedOut();
    expect(Cookies.get('token')).toBeUndefined();
    expect(useUserStore.getState()).toMatchObject({ token: '', userInfo: null, nickname: '', role: '' });
  });

  it('keeps the token cookie on path / whatever page logs in or out', () => {
    // A cookie without an explicit path would belong to /my only, and a removal without it
    // would miss the cookie on /.
    window.history.replaceState(null, '', '/my/info');
    loggedIn(result());
    window.history.replaceState(null, '', '/');
    expect(Cookies.get('token')).toBe(mockToken('13800138000'));

    window.history.replaceState(null, '', '/my/info');
    loggedOut();
    window.history.replaceState(null, '', '/');
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('keeps the indexCode across a logout', () => {
    useUserStore.setState({ indexCode: 'ebt' });
    loggedOut();
    expect(useUserStore.getState().indexCode).toBe('ebt');
  });

  it('replaces userInfo with what the gateway returns', () => {
    loggedIn(result());
    userInfoReplaced({ ...result().userInfo, nickname: '新名字', agreementVersion: 'v2-v2' });
    expect(useUserStore.getState().userInfo?.agreementVersion).toBe('v2-v2');
    expect(useUserStore.getState().nickname).toBe('新名字');
  });

  it('drops malformed persisted values field by field', () => {
    expect(readPersistedUser({ token: 42, userInfo: { mobilePhone: 1 }, role: 'admin', indexCode: '<script>' })).toMatchObject({
      token: '',
      userInfo: null,
      role: '',
      indexCode: 'index',
    });
    expect(readPersistedUser('garbage')).toEqual({});
  });

  it('keeps a persisted role only when it is customer or agent, at the top and in userInfo', () => {
    const info = { userId: 'u-1', mobilePhone: '13800138000', nickname: '小明', headUrl: '' };
    for (const role of ['customer', 'agent'] as const) {
      expect(readPersistedUser({ role, userInfo: { ...info, role } })).toMatchObject({ role, userInfo: { ...info, role } });
    }
    for (const role of ['admin', '', undefined, 1]) {
      expect(readPersistedUser({ role, userInfo: { ...info, role } }), String(role)).toMatchObject({ role: '', userInfo: null });
    }
  });

  it('validates what it reads back from localStorage on rehydration', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({ state: { token: 42, userInfo: { mobilePhone: 1 }, role: 'admin', indexCode: '<script>', nickname: '小明' }, version: 1 }),
    );
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ token: '', userInfo: null, role: '', indexCode: 'index', nickname: '小明' });
  });
});

describe('the session across a restart (decision 0023)', () => {
  /** What a restart leaves: localStorage kept; the cookie kept or not. */
  async function restart({ keepCookie }: { keepCookie: boolean }) {
    const stored = localStorage.getItem('user')!;
    if (!keepCookie) Cookies.remove('token', { path: '/' });
    useUserStore.setState({ token: '', userInfo: null, indexCode: 'index' });
    localStorage.setItem('user', stored);
    await useUserStore.persist.rehydrate();
  }

  it('gives the token cookie the lifetime the login result carries', () => {
    const set = vi.spyOn(Cookies, 'set');
    const before = Date.now();
    loggedIn({ ...result(), expiresIn: 7 * 24 * 3600 });
    const expires = (set.mock.calls[0][2] as { expires?: Date }).expires;
    expect(expires).toBeInstanceOf(Date);
    expect(expires!.getTime() - before).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000 - 1000);
    expect(expires!.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    set.mockRestore();
  });

  it('lets the cookie end with the browser session when the result carries no lifetime', () => {
    const set = vi.spyOn(Cookies, 'set');
    loggedIn(result());
    expect(set.mock.calls[0][2]).not.toHaveProperty('expires');
    set.mockRestore();
  });

  it('reads a stored session whose cookie is gone as logged out, keeping the indexCode', async () => {
    loggedIn({ ...result(), expiresIn: 3600 });
    useUserStore.setState({ indexCode: 'ebt' });
    await restart({ keepCookie: false });
    expect(useUserStore.getState()).toMatchObject({ token: '', userInfo: null, nickname: '', role: '', indexCode: 'ebt' });
    // Nor does localStorage keep the dead token.
    expect(JSON.parse(localStorage.getItem('user')!).state).toMatchObject({ token: '', userInfo: null, indexCode: 'ebt' });
  });

  it('keeps a stored session whose cookie is still there', async () => {
    loggedIn({ ...result(), expiresIn: 3600 });
    await restart({ keepCookie: true });
    expect(useUserStore.getState().token).toBe(mockToken('13800138000'));
    expect(useUserStore.getState().userInfo?.mobilePhone).toBe('13800138000');
  });

  it('reads a session whose cookie holds another token as logged out', async () => {
    loggedIn({ ...result(), expiresIn: 3600 });
    const stored = localStorage.getItem('user')!;
    Cookies.set('token', 'someone-else', { path: '/' });
    localStorage.setItem('user', stored);
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ token: '', userInfo: null });
  });
});

describe('share attribution (decision 0023)', () => {
  it('is spent by the login that carried it', () => {
    shareAttributed({ promoterId: 'P100239', agentId: 'A9001' });
    loggedIn(result());
    expect(useUserStore.getState()).toMatchObject({ promoterId: '', agentId: '' });
    expect(JSON.parse(localStorage.getItem('user')!).state).toMatchObject({ promoterId: '', agentId: '' });
  });

  it("gives way to an agent's own ids", () => {
    shareAttributed({ promoterId: 'P100239', agentId: 'A9001' });
    loggedIn({ ...result(), promoterId: 'P200', agentId: 'A200' });
    expect(useUserStore.getState()).toMatchObject({ promoterId: 'P200', agentId: 'A200' });
  });
});
