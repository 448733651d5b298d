/**
 * PGlite is one process's database (docs/product.md §12.1): a second gateway on the same
 * DATA_DIR would keep its own copy in memory and one of the two would lose its writes. A lock
 * file in the folder, created exclusively, holds the owner's pid; a lock whose process is
 * gone (kill -9, a crash) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DbOpenError } from './errors';

export const LOCK_FILE = 'gateway.pid';

/** Whether a process with this pid runs (EPERM: it runs as someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/**
 * Takes `dataDir`'s lock for this process; returns the function that releases it (also run
 * at exit). Throws DbOpenError naming the folder and the holding process when another live
 * process holds it, or the folder and the cause when the lock cannot be written.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      if (code !== 'EEXIST') throw new DbOpenError(`PGlite cannot use DATA_DIR ${dataDir}: ${message}`);
      const pid = readPid(file);
      // Our own pid in the lock is a leftover (a container's process is often pid 1 each run).
      if (pid !== null && pid !== process.pid && alive(pid)) {
        throw new DbOpenError(
          `DATA_DIR ${dataDir} is in use by process ${pid} (lock file ${file}): PGlite serves one process; ` +
            'stop that gateway first, or run several on PostgreSQL (DATABASE_URL)',
        );
      }
      // A stale lock: moved aside under a name of our own, so two processes taking it over at
      // once cannot both remove it; the one whose rename failed tries again.
      const aside = `${file}.stale-${process.pid}`;
      try {
        fs.renameSync(file, aside);
        fs.rmSync(aside, { force: true });
      } catch {
        // Someone else moved it first.
      }
      continue;
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.removeListener('exit', release);
      if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
    };
    process.on('exit', release);
    return release;
  }
  throw new DbOpenError(
    `PGlite cannot use DATA_DIR ${dataDir}: its lock file ${file} keeps changing (another gateway starting?)`,
  );
}
