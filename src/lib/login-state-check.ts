/**
 * The transfer page's half of the login's state (decision 0051): whether the URL brought back
 * the value this browser keeps. Apart from login-state.ts, which every login screen and the tab
 * bars need, so the first screen does not carry the check.
 */
import { LOGIN_STATE_KEY } from './login-state';

interface StoredState {
  value: string;
  expiresAt: number;
}

function readStored(): StoredState | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOGIN_STATE_KEY) ?? 'null');
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as StoredState).value === 'string' &&
      typeof (parsed as StoredState).expiresAt === 'number'
    )
      return parsed as StoredState;
  } catch {
    /* malformed: no state */
  }
  return null;
}

/**
 * Whether `given` is the state this browser keeps and it has not expired. Either way the kept
 * state is gone afterwards: a value is good for one answer only.
 */
export function loginStateConsumed(given: string | null, now = Date.now()): boolean {
  const stored = readStored();
  try {
    localStorage.removeItem(LOGIN_STATE_KEY);
  } catch {
    /* nothing to remove */
  }
  if (!stored || !given || stored.expiresAt <= now) return false;
  return stored.value === given;
}
