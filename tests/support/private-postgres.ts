// A PostgreSQL server of the test's own (initdb in a temporary folder, on a free port), that the test
// may stop and start again: the machine's shared server is never stopped. As root, the server runs as
// the `postgres` user (PostgreSQL refuses to run as root). Needs the server binaries (initdb, pg_ctl).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './shop-process.js';

const run = promisify(execFile);

/** The folder of initdb and pg_ctl: pg_config's, else the newest under /usr/lib/postgresql. */
export async function postgresBinaries(): Promise<string | undefined> {
  const fromConfig = await run('pg_config', ['--bindir']).then(
    (r) => r.stdout.trim(),
    () => undefined,
  );
  const candidates = [
    ...(fromConfig ? [fromConfig] : []),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

export type PrivatePostgres = {
  /** postgres://…/postgres on the private server. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
};

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? (await run('id', ['-u', 'postgres'])).stdout.trim() : undefined;
  const gid = asRoot ? (await run('id', ['-g', 'postgres'])).stdout.trim() : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'murashki-pg-'));
  if (asRoot) chownSync(dir, Number(uid), Number(gid));
  const data = path.join(dir, 'data');
  const as = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
