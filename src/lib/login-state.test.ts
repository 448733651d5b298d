import { assignLocation } from './browser-location';
import { buildLoginUrl, startLogin } from './login-redirect';
import { LOGIN_STATE_KEY, LOGIN_STATE_TTL_MS, loginStateIssued } from './login-state';
import { loginStateConsumed } from './login-state-check';

const NOW = 1_800_000_000_000;

describe('the login state (decision 0051)', () => {
  it('is 128 random bits, different each time, kept in localStorage for 10 minutes', () => {
    const first = loginStateIssued(NOW);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(localStorage.getItem(LOGIN_STATE_KEY) ?? '')).toEqual({
      value: first,
      expiresAt: NOW + LOGIN_STATE_TTL_MS,
    });
    expect(LOGIN_STATE_TTL_MS).toBe(600_000);
    expect(loginStateIssued(NOW)).not.toBe(first);
  });

  it('answers once: the kept value matches, then nothing does', () => {
    const value = loginStateIssued(NOW);
    expect(loginStateConsumed(value, NOW + LOGIN_STATE_TTL_MS - 1)).toBe(true);
    expect(localStorage.getItem(LOGIN_STATE_KEY)).toBeNull();
    expect(loginStateConsumed(value, NOW)).toBe(false);
  });

  it('refuses another value, none, an expired one, or malformed storage, and forgets the kept one', () => {
    const value = loginStateIssued(NOW);
    expect(loginStateConsumed(value === '0'.repeat(32) ? '1'.repeat(32) : '0'.repeat(32), NOW)).toBe(false);
    expect(localStorage.getItem(LOGIN_STATE_KEY)).toBeNull();
    loginStateIssued(NOW);
    expect(loginStateConsumed(null, NOW)).toBe(false);
    const late = loginStateIssued(NOW);
    expect(loginStateConsumed(late, NOW + LOGIN_STATE_TTL_MS)).toBe(false);
    localStorage.setItem(LOGIN_STATE_KEY, '{"value":1');
    expect(loginStateConsumed('1', NOW)).toBe(false);
    localStorage.setItem(LOGIN_STATE_KEY, JSON.stringify({ value: 'abc' }));
    expect(loginStateConsumed('abc', NOW)).toBe(false);
  });

  it('survives what a restarted WebView keeps: localStorage alone, not sessionStorage', () => {
    const value = loginStateIssued(NOW);
    sessionStorage.clear();
    expect(loginStateConsumed(value, NOW)).toBe(true);
  });
});

describe('a login leaves with the state it keeps', () => {
  it('the redirect URL carries it in its query', () => {
    const url = new URL(buildLoginUrl({ transferPage: '/transferPageMn', indexCode: 'ryb' }, 'abc'), location.origin);
    expect(url.searchParams.get('redirect_url')).toBe(`${location.origin}/transferPageMn?state=abc`);
    expect(url.searchParams.get('data')).toBe('ryb');
  });

  it('startLogin keeps a fresh state and sends the one it kept', () => {
    startLogin();
    const sent = new URL(vi.mocked(assignLocation).mock.calls[0][0], location.origin);
    const state = new URL(sent.searchParams.get('redirect_url') ?? '').searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(loginStateConsumed(state)).toBe(true);
  });
});
