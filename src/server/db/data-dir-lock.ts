// PGlite is one process's database: a second process that opens the same folder (`npm run admin`
// while the shop runs, a second shop) reads a copy, writes changes the first never sees, and the
// first overwrites them. Whoever opens a DATA_DIR's database holds DATA_DIR/db.lock (its pid) until it
// closes; another process that finds a live holder is refused with a message that says what to do.
// A lock left by a killed process (kill -9, power loss) names a dead pid and is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; what: string },
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder.what} (pid ${holder.pid}). ` +
        'PGlite serves one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL), which many can share.',
    );
    this.name = 'DataDirBusy';
  }
}

type Holder = { pid: number; what: string; since: string };

/** Lock files this process holds: a second open of the same folder here is refused too. */
const heldHere = new Set<string>();

export const lockFileOf = (dataDir: string) => path.join(dataDir, 'db.lock');

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // On Linux, a pid reused by another program after a crash is not a shop.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/** Takes DATA_DIR's database lock for `what` ('the shop', 'npm run admin'); answers the release. */
export function lockDataDir(dataDir: string, what: string): () => void {
  const file = lockFileOf(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() } satisfies Holder));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const holder = readHolder(file);
      const live = holder && (holder.pid === process.pid ? heldHere.has(file) : isAlive(holder.pid));
      if (live) throw new DataDirBusy(dataDir, holder);
      // Left by a process that is gone (or half written by one that died): taken over.
      rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  // process.exit() skips close(): the lock goes with the process anyway.
  const onExit = () => release();
  process.once('exit', onExit);
  function release() {
    process.off('exit', onExit);
    if (!heldHere.delete(file)) return;
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  }
  return release;
}
