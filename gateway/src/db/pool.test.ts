/**
 * The PostgreSQL pool's timeouts (docs/product.md §12.4): a database that accepts TCP but
 * never answers is a clear error within seconds naming host:port, and statement_timeout
 * comes from PG_STATEMENT_TIMEOUT_MS.
 */
import net from 'node:net';
import { onPostgres } from '../test-helpers';
import { DbOpenError, openDb, PG_CONNECT_TIMEOUT_MS } from './index';

describe('the PostgreSQL pool', { timeout: 60_000 }, () => {
  it('gives up on a database that accepts TCP but never answers, naming host:port, within seconds', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const error = await openDb({ databaseUrl: `postgres://gw:secret-password@127.0.0.1:${port}/portal` }).then(
        () => expect.unreachable(),
        (e: unknown) => e as Error,
      );
      expect(Date.now() - started).toBeLessThan(PG_CONNECT_TIMEOUT_MS + 3_000);
      expect(error).toBeInstanceOf(DbOpenError);
      expect(error.message).toContain(`PostgreSQL at 127.0.0.1:${port} did not answer within 5 s`);
      expect(error.message).not.toContain('secret-password');
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('names host:port when nothing listens there', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(openDb({ databaseUrl: `postgres://gw@127.0.0.1:${port}/portal` })).rejects.toThrow(
      new RegExp(`cannot use PostgreSQL at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
  });

  it.skipIf(!onPostgres)(
    'a connection lost inside a transaction or a held connection fails that call, not the process, and the pool goes on',
    async () => {
      const db = await openDb({ databaseUrl: process.env.DATABASE_URL, poolMax: 2, statementTimeoutMs: 0 });
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', record);
      const terminate = (marker: string) =>
        db.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`,
          [`%${marker}%`],
        );
      try {
        for (const hold of [
          () => db.transaction((tx) => tx.query(`select pg_sleep(10), 'lost-in-transaction'`)),
          () => db.withConnection((c) => c.query(`select pg_sleep(10), 'lost-in-connection'`)),
        ]) {
          const held = hold().then(
            () => 'answered',
            (error: Error) => error.message,
          );
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(await terminate('lost-in-')).toHaveLength(1);
          expect(await held).toMatch(/terminat/);
        }
        // The lost connection's own error event comes after its query's rejection.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(uncaught).toEqual([]);
        expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
        expect(await db.transaction((tx) => tx.query('select 2 as two'))).toEqual([{ two: 2 }]);
      } finally {
        process.off('uncaughtException', record);
        await db.close();
      }
    },
  );

  it.skipIf(!onPostgres)('sets statement_timeout on every connection (0: none)', async () => {
    const db = await openDb({ databaseUrl: process.env.DATABASE_URL, poolMax: 2, statementTimeoutMs: 300 });
    try {
      expect(await db.query('show statement_timeout')).toEqual([{ statement_timeout: '300ms' }]);
      await expect(db.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      expect(await db.transaction((tx) => tx.query('show statement_timeout'))).toEqual([
        { statement_timeout: '300ms' },
      ]);
    } finally {
      await db.close();
    }
    const none = await openDb({ databaseUrl: process.env.DATABASE_URL, poolMax: 1, statementTimeoutMs: 0 });
    try {
      expect(await none.query('show statement_timeout')).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await none.close();
    }
  });
});
