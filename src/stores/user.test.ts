import Cookies from 'js-cookie';
import { demoUser, mockToken, userInfoOf } from '../../tests/mocks/db';
import {
  fullPathCleared,
  fullPathSaved,
  indexCodeChanged,
  loggedIn,
  loggedOut,
  readPersistedUser,
  selectIsLoggedIn,
  shareAttributed,
  userInfoReplaced,
  useUserStore,
} from './user';

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

describe('user store (docs/product.md §3)', () => {
  it('persists exactly the docs/product.md §3 fields to localStorage and reads them back after a reload', async () => {
    loggedIn(result());
    const saved = JSON.parse(localStorage.getItem('user') ?? '{}');
    expect(Object.keys(saved.state).sort()).toEqual(
      [
        'agentId',
        'fullPath',
        'indexCode',
        'nickname',
        'promoterId',
        'role',
        'token',
        'ucAgentUserId',
        'ucUserId',
        'userInfo',
      ].sort(),
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
    expect(
      readPersistedUser({ token: 42, userInfo: { mobilePhone: 1 }, role: 'admin', indexCode: '<script>' }),
    ).toMatchObject({
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
      expect(readPersistedUser({ role, userInfo: { ...info, role } })).toMatchObject({
        role,
        userInfo: { ...info, role },
      });
    }
    for (const role of ['admin', '', undefined, 1]) {
      expect(readPersistedUser({ role, userInfo: { ...info, role } }), String(role)).toMatchObject({
        role: '',
        userInfo: null,
      });
    }
  });

  it('validates what it reads back from localStorage on rehydration', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({
        state: { token: 42, userInfo: { mobilePhone: 1 }, role: 'admin', indexCode: '<script>', nickname: '小明' },
        version: 1,
      }),
    );
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({
      token: '',
      userInfo: null,
      role: '',
      indexCode: 'index',
      nickname: '小明',
    });
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
    expect(useUserStore.getState()).toMatchObject({
      token: '',
      userInfo: null,
      nickname: '',
      role: '',
      indexCode: 'ebt',
    });
    // Nor does localStorage keep the dead token.
    expect(JSON.parse(localStorage.getItem('user')!).state).toMatchObject({
      token: '',
      userInfo: null,
      indexCode: 'ebt',
    });
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

describe('what is read back from localStorage, field by field', () => {
  const info = { userId: 'u-1', mobilePhone: '13800138000', nickname: '小明', headUrl: '/h.png', role: 'agent' };
  const stored = {
    nickname: '小明',
    userInfo: info,
    role: 'agent',
    token: 't',
    fullPath: '/rights',
    promoterId: 'P1',
    indexCode: 'ebt',
    agentId: 'A1',
    ucAgentUserId: 'UA1',
    ucUserId: 'UC1',
  };

  it('keeps every well-formed field as it was', () => {
    expect(readPersistedUser(stored)).toEqual(stored);
    expect(readPersistedUser(null)).toEqual({});
  });

  it.each(['nickname', 'token', 'fullPath', 'promoterId', 'agentId', 'ucAgentUserId', 'ucUserId'] as const)(
    'reads a %s that is not text as empty',
    (key) => {
      expect(readPersistedUser({ ...stored, [key]: 7 })).toEqual({ ...stored, [key]: '' });
    },
  );

  it.each(['userId', 'mobilePhone', 'nickname', 'headUrl'])('drops a userInfo whose %s is not text', (key) => {
    expect(readPersistedUser({ ...stored, userInfo: { ...info, [key]: 1 } }).userInfo).toBeNull();
  });

  it('takes an agreement version that is text or absent, and a userInfo that is an object', () => {
    expect(readPersistedUser({ ...stored, userInfo: { ...info, agreementVersion: 'v2' } }).userInfo).toEqual({
      ...info,
      agreementVersion: 'v2',
    });
    expect(readPersistedUser({ ...stored, userInfo: { ...info, agreementVersion: 2 } }).userInfo).toBeNull();
    for (const userInfo of [null, 'text', 1])
      expect(readPersistedUser({ ...stored, userInfo }).userInfo, String(userInfo)).toBeNull();
  });

  it('keeps an indexCode of 1 to 32 letters, digits, _ and -', () => {
    for (const indexCode of ['a', `Az09_-${'x'.repeat(26)}`])
      expect(readPersistedUser({ indexCode }).indexCode).toBe(indexCode);
    for (const indexCode of ['', 'x'.repeat(33), 'a/b', '/a', 'a/', 7]) {
      expect(readPersistedUser({ indexCode }).indexCode, String(indexCode)).toBe('index');
    }
  });
});

describe('a stored state without a session', () => {
  it('keeps the path to return to and the share attribution across a restart', async () => {
    fullPathSaved('/rights');
    shareAttributed({ promoterId: 'P1', agentId: 'A1' });
    const stored = localStorage.getItem('user')!;
    useUserStore.setState({ fullPath: '', promoterId: '', agentId: '' });
    localStorage.setItem('user', stored);
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ fullPath: '/rights', promoterId: 'P1', agentId: 'A1' });
  });

  it('reads a stored userInfo without a token or cookie as logged out', async () => {
    const user = demoUser('13800138000');
    localStorage.setItem(
      'user',
      JSON.stringify({ state: { userInfo: userInfoOf(user), token: '', nickname: user.nickname }, version: 1 }),
    );
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ userInfo: null, nickname: '' });
  });
});

describe('the smaller actions', () => {
  it('saves and clears the path to return to', () => {
    fullPathSaved('/my/info');
    expect(useUserStore.getState().fullPath).toBe('/my/info');
    fullPathCleared();
    expect(useUserStore.getState().fullPath).toBe('');
  });

  it('changes the indexCode only when it differs', () => {
    indexCodeChanged('ebt');
    expect(useUserStore.getState().indexCode).toBe('ebt');
    const before = useUserStore.getState();
    indexCodeChanged('ebt');
    expect(useUserStore.getState()).toBe(before);
  });

  it('counts a user as logged in when their userInfo has a mobile phone', () => {
    expect(selectIsLoggedIn(useUserStore.getState())).toBe(false);
    loggedIn(result());
    expect(selectIsLoggedIn(useUserStore.getState())).toBe(true);
    const { userInfo } = useUserStore.getState();
    expect(selectIsLoggedIn({ ...useUserStore.getState(), userInfo: { ...userInfo!, mobilePhone: '' } })).toBe(false);
  });

  it('keeps the ucAgentUserId a login returns, and empties it when none', () => {
    loggedIn({ ...result(), ucAgentUserId: 'UA9' });
    expect(useUserStore.getState().ucAgentUserId).toBe('UA9');
    loggedIn(result());
    expect(useUserStore.getState().ucAgentUserId).toBe('');
  });
});
