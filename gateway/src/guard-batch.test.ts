/**
 * `guardedBatch` on its own (decisions 0014 and 0019), with a database whose statements end
 * when the test says: one statement in flight, the requests that arrive meanwhile together in
 * the next, and a statement that stalls no longer holds the next one back.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/index';
import { guardedBatch, GuardRefused, type BatchRow } from './guard';

type Statement = { nonces: string[]; finish: () => void; fail: (error: Error) => void };

function fakeDb() {
  const statements: Statement[] = [];
  const db = {
    query: (_sql: string, params: unknown[] = []) => {
      const nonces = params[0] as string[];
      return new Promise<BatchRow[]>((resolve, reject) => {
        const rows = nonces.map((_, k) => ({ i: k + 1, fresh: true, user_id: 'u1' }));
        statements.push({ nonces, finish: () => resolve(rows), fail: reject });
      });
    },
  } as unknown as Db;
  return { db, statements };
}

const request = (nonce: string) =>
  ({ pendingGuard: { mode: 'required', nonce, tokenHash: 'h' } }) as unknown as FastifyRequest;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('guardedBatch: one statement in flight (decision 0019)', () => {
  it('sends the requests that arrive while a statement runs together in the next one', async () => {
    const { db, statements } = fakeDb();
    const batch = guardedBatch<number, BatchRow>(db, { name: 't', sql: '', params: () => [], stallMs: 60_000 });
    const first = batch(request('nonce-aaa'), 1);
    await nextTurn();
    expect(statements.map((s) => s.nonces)).toEqual([['nonce-aaa']]);

    const second = batch(request('nonce-bbb'), 2);
    await nextTurn();
    const third = batch(request('nonce-ccc'), 3);
    await nextTurn();
    expect(statements).toHaveLength(1);

    statements[0].finish();
    await expect(first).resolves.toHaveLength(1);
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    expect(statements[1].nonces).toEqual(['nonce-bbb', 'nonce-ccc']);
    statements[1].finish();
    await expect(Promise.all([second, third])).resolves.toHaveLength(2);
  });

  it('lets the next statement start beside one that has run past stallMs', async () => {
    const { db, statements } = fakeDb();
    const batch = guardedBatch<number, BatchRow>(db, { name: 't', sql: '', params: () => [], stallMs: 5 });
    const stuck = batch(request('nonce-aaa'), 1);
    await nextTurn();
    const next = batch(request('nonce-bbb'), 2);
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    statements[1].finish();
    await expect(next).resolves.toHaveLength(1);
    statements[0].finish();
    await expect(stuck).resolves.toHaveLength(1);
  });

  it('refuses a nonce that is already waiting for a statement as a replay', async () => {
    const { db, statements } = fakeDb();
    const batch = guardedBatch<number, BatchRow>(db, { name: 't', sql: '', params: () => [], stallMs: 60_000 });
    const first = batch(request('nonce-aaa'), 1);
    await nextTurn();
    const waiting = batch(request('nonce-bbb'), 2);
    await expect(batch(request('nonce-bbb'), 3)).rejects.toEqual(new GuardRefused('replay'));
    statements[0].finish();
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    statements[1].finish();
    await expect(Promise.all([first, waiting])).resolves.toHaveLength(2);
  });

  it('lets the next statement go as soon as one fails, and fails every request of that one', async () => {
    const { db, statements } = fakeDb();
    const batch = guardedBatch<number, BatchRow>(db, { name: 't', sql: '', params: () => [], stallMs: 60_000 });
    const failing = [batch(request('nonce-aaa'), 1), batch(request('nonce-bbb'), 2)];
    await nextTurn();
    const next = batch(request('nonce-ccc'), 3);
    statements[0].fail(new Error('connection lost'));
    for (const p of failing) await expect(p).rejects.toThrow('connection lost');
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    statements[1].finish();
    await expect(next).resolves.toHaveLength(1);
  });

  it('answers with an error, not never, when the database throws before its statement starts', async () => {
    const db = {
      query: () => {
        throw new Error('pool is closed');
      },
    } as unknown as Db;
    const batch = guardedBatch<number, BatchRow>(db, { name: 't', sql: '', params: () => [], stallMs: 60_000 });
    await expect(batch(request('nonce-aaa'), 1)).rejects.toThrow('pool is closed');
    await expect(batch(request('nonce-bbb'), 2)).rejects.toThrow('pool is closed');
  });

  it('leaves a nonce to PostgreSQL once its statement has gone', async () => {
    const { db, statements } = fakeDb();
    const batch = guardedBatch<number, BatchRow>(db, { name: 't', sql: '', params: () => [], stallMs: 60_000 });
    const first = batch(request('nonce-aaa'), 1);
    await nextTurn();
    // In flight, not queued: the nonces table decides (the second insert meets the first row).
    const again = batch(request('nonce-aaa'), 2);
    statements[0].finish();
    await first;
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    expect(statements[1].nonces).toEqual(['nonce-aaa']);
    statements[1].finish();
    await again;
  });
});
