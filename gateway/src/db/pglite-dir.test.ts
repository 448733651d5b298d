/**
 * PGlite is one process's database (docs/product.md §12.1): a folder held by a live process
 * is refused, naming the folder and the process; a lock left by a dead one is taken over;
 * a folder PGlite cannot use is an error naming the folder and the cause.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';
import { DbOpenError, openDb } from './index';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gw-pglite-dir-'));

/** A process that lives until killed, and its pid. */
async function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

const run = promisify(execFile);

/**
 * The message `openDb` on `dir` is refused with ('' when it opens), as a process that obeys the
 * folder's permissions: root's capabilities write to any folder, so as root (CI) it runs in a
 * child process that keeps uid 0 but has every capability dropped, like a gateway's own user.
 * Keeping the uid leaves the checkout readable wherever it was cloned.
 */
async function refusalAsUser(dir: string): Promise<string> {
  if (process.getuid?.() !== 0) {
    try {
      await (await openDb({ dataDir: dir })).close();
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  }
  const script = `const { openDb } = await import(process.argv[1]);
    try { await (await openDb({ dataDir: process.argv[2] })).close(); }
    catch (error) { process.stdout.write(error.message); }`;
  const index = new URL('./index.ts', import.meta.url).href;
  const noCapabilities = ['--bounding-set', '-all', '--inh-caps', '-all'];
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script, index, dir];
  const cwd = fileURLToPath(new URL('../../..', import.meta.url));
  return (await run('setpriv', [...noCapabilities, ...node], { cwd })).stdout;
}

describe('a PGlite DATA_DIR', { timeout: 120_000 }, () => {
  it('held by a live process is refused, naming the folder and the process', async () => {
    const dir = tmp();
    const holder = await liveProcess();
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
      const opening = openDb({ dataDir: dir });
      await expect(opening).rejects.toBeInstanceOf(DbOpenError);
      await expect(opening).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${holder.pid}`);
      // The holder's lock is left alone.
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('left locked by a dead process is taken over; the lock goes when released', async () => {
    const dir = tmp();
    try {
      const dead = await liveProcess();
      dead.kill('SIGKILL');
      await new Promise((resolve) => dead.once('exit', resolve));
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${dead.pid}\n`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      release();
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
      // A lock with this process's own pid is a leftover of an earlier run with the same pid.
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`);
      lockDataDir(dir)();
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('that is a file, not a folder, is refused naming it and the cause', async () => {
    const dir = tmp();
    try {
      const file = path.join(dir, 'not-a-folder');
      fs.writeFileSync(file, '');
      await expect(openDb({ dataDir: path.join(file, 'pglite') })).rejects.toThrow(
        new RegExp(`PGlite cannot use DATA_DIR ${path.join(file, 'pglite').replace(/[/\\]/g, '.')}: .*ENOTDIR`),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('that is read-only is refused naming it and the cause', async () => {
    const dir = tmp();
    try {
      fs.chmodSync(dir, 0o555);
      expect(await refusalAsUser(dir)).toMatch(new RegExp(`^PGlite cannot use DATA_DIR ${dir}: .*(EACCES|EROFS)`));
    } finally {
      fs.chmodSync(dir, 0o755);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with its files damaged is refused with PostgreSQL’s own words, and unlocked', async () => {
    const dir = tmp();
    try {
      // A data folder with its version file and nothing else (not PGlite's "Aborted()").
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
      const opening = openDb({ dataDir: dir });
      await expect(opening).rejects.toThrow(
        `PGlite could not open DATA_DIR ${dir}: FATAL: could not access the server configuration file "${dir}/postgresql.conf"`,
      );
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
