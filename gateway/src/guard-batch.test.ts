/**
 * The guard stage's SQL check on its own (`guardStage` on `statementBatch`, decisions 0014,
 * 0019 and 0030), with a database whose statements end when the test says: one statement in
 * flight, the requests that arrive meanwhile together in the next, and a statement that stalls
 * no longer holds the next one back.
 */
import type { Db } from './db/index';
import { type BatchRow, statementBatch } from './db/statement-batch';
import { type GuardRow, guardStage, type PendingGuard } from './guard';

type Statement = { nonces: string[]; finish: () => void; fail: (error: Error) => void };

function fakeDb() {
  const statements: Statement[] = [];
  const db = {
    query: (_sql: string, params: unknown[] = []) => {
      const nonces = params[0] as string[];
      return new Promise<Array<BatchRow & GuardRow>>((resolve, reject) => {
        const rows = nonces.map((_, k) => ({ i: k + 1, fresh: true, user_id: 'u1' }));
        statements.push({ nonces, finish: () => resolve(rows), fail: reject });
      });
    },
  } as unknown as Db;
  return { db, statements };
}

const pending = (nonce: string): PendingGuard => ({ mode: 'required', nonce, tokenHash: 'h' });
const passed = { refusal: null, userId: 'u1' };
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('guard stage: one guard statement in flight (decisions 0019, 0030)', () => {
  it('sends the requests that arrive while a statement runs together in the next one', async () => {
    const { db, statements } = fakeDb();
    const batch = guardStage(db, { stallMs: 60_000 });
    const first = batch(pending('nonce-aaa'));
    await nextTurn();
    expect(statements.map((s) => s.nonces)).toEqual([['nonce-aaa']]);

    const second = batch(pending('nonce-bbb'));
    await nextTurn();
    const third = batch(pending('nonce-ccc'));
    await nextTurn();
    expect(statements).toHaveLength(1);

    statements[0].finish();
    await expect(first).resolves.toEqual(passed);
    await vi.waitFor(() => expect(statements).toHaveLength(2), { timeout: 30_000 });
    expect(statements[1].nonces).toEqual(['nonce-bbb', 'nonce-ccc']);
    statements[1].finish();
    await expect(Promise.all([second, third])).resolves.toHaveLength(2);
  });

  it('lets the next statement start beside one that has run past stallMs', async () => {
    const { db, statements } = fakeDb();
    const batch = guardStage(db, { stallMs: 5 });
    const stuck = batch(pending('nonce-aaa'));
    await nextTurn();
    const next = batch(pending('nonce-bbb'));
    await vi.waitFor(() => expect(statements).toHaveLength(2), { timeout: 30_000 });
    statements[1].finish();
    await expect(next).resolves.toEqual(passed);
    statements[0].finish();
    await expect(stuck).resolves.toEqual(passed);
  });

  it('refuses a nonce that is already waiting for a statement as a replay', async () => {
    const { db, statements } = fakeDb();
    const batch = guardStage(db, { stallMs: 60_000 });
    const first = batch(pending('nonce-aaa'));
    await nextTurn();
    const waiting = batch(pending('nonce-bbb'));
    await expect(batch(pending('nonce-bbb'))).resolves.toEqual({ refusal: 'replay', userId: null });
    statements[0].finish();
    await vi.waitFor(() => expect(statements).toHaveLength(2), { timeout: 30_000 });
    statements[1].finish();
    await expect(Promise.all([first, waiting])).resolves.toHaveLength(2);
  });

  it('lets the next statement go as soon as one fails, and fails every request of that one', async () => {
    const { db, statements } = fakeDb();
    const batch = guardStage(db, { stallMs: 60_000 });
    const failing = [batch(pending('nonce-aaa')), batch(pending('nonce-bbb'))];
    await nextTurn();
    const next = batch(pending('nonce-ccc'));
    statements[0].fail(new Error('connection lost'));
    for (const p of failing) await expect(p).rejects.toThrow('connection lost');
    await vi.waitFor(() => expect(statements).toHaveLength(2), { timeout: 30_000 });
    statements[1].finish();
    await expect(next).resolves.toEqual(passed);
  });

  it('answers with an error, not never, when the database throws before its statement starts', async () => {
    const db = {
      query: () => {
        throw new Error('pool is closed');
      },
    } as unknown as Db;
    const batch = guardStage(db, { stallMs: 60_000 });
    await expect(batch(pending('nonce-aaa'))).rejects.toThrow('pool is closed');
    await expect(batch(pending('nonce-bbb'))).rejects.toThrow('pool is closed');
  });

  it('leaves a nonce to PostgreSQL once its statement has gone', async () => {
    const { db, statements } = fakeDb();
    const batch = guardStage(db, { stallMs: 60_000 });
    const first = batch(pending('nonce-aaa'));
    await nextTurn();
    // In flight, not queued: the nonces table decides (the second insert meets the first row).
    const again = batch(pending('nonce-aaa'));
    statements[0].finish();
    await first;
    await vi.waitFor(() => expect(statements).toHaveLength(2), { timeout: 30_000 });
    expect(statements[1].nonces).toEqual(['nonce-aaa']);
    statements[1].finish();
    await again;
  });

  it('lets a stalled statement ending hold nothing back again: the one after it still holds the next', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const { db, statements } = fakeDb();
    const batch = guardStage(db, { stallMs: 50 });
    const stalled = batch(pending('nonce-aaa'));
    await nextTurn();
    vi.advanceTimersByTime(50);
    const second = batch(pending('nonce-bbb'));
    await nextTurn();
    expect(statements).toHaveLength(2);
    const third = batch(pending('nonce-ccc'));
    await nextTurn();
    // The stalled one ends while the second runs: the third still waits for the second.
    statements[0].finish();
    await stalled;
    await nextTurn();
    await nextTurn();
    expect(statements).toHaveLength(2);
    statements[1].finish();
    await second;
    await vi.waitFor(() => expect(statements).toHaveLength(3), { timeout: 30_000 });
    statements[2].finish();
    await expect(third).resolves.toEqual(passed);
  });
});

describe('statementBatch: each caller its own rows', () => {
  it('fails only the caller whose row is missing, naming the statement and its place', async () => {
    const db = {
      query: (_sql: string, params: unknown[] = []) =>
        Promise.resolve((params[0] as string[]).flatMap((v, k) => (v === 'lost' ? [] : [{ i: k + 1, v }]))),
    } as unknown as Db;
    const read = statementBatch<string, BatchRow & { v: string }>(db, {
      name: 'test_read',
      sql: 'select',
      params: (items) => [items],
    });
    const [kept, lost, last] = [read('kept'), read('lost'), read('last')];
    await expect(kept).resolves.toEqual([{ i: 1, v: 'kept' }]);
    await expect(lost).rejects.toThrow('test_read: no row for item 2');
    await expect(last).resolves.toEqual([{ i: 3, v: 'last' }]);
  });
});
