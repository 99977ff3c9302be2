// The bench's load generator for single-request routes: wrk (C, Debian package `wrk`), one thread.
// autocannon parses every answer in JavaScript and held a whole core at 100% while the server sat
// ~50% idle, so on two cores it measured itself; wrk leaves the server the other core (decision 020).
// wrk's Lua `done` hook prints the figures as one JSON line, so nothing depends on its text layout.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type WrkFigures = { rps: number; p50: number; p99: number; errors: number };

const SCRIPT = `
wrk.method = os.getenv("WRK_METHOD") or "GET"
local body = os.getenv("WRK_BODY")
if body and #body > 0 then wrk.body = body end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status))
end
`;

let scriptPath: string | undefined;

/** True when the `wrk` binary is on PATH. */
export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

export async function loadWithWrk(
  url: string,
  options: { method?: string; body?: string; headers: Record<string, string>; connections: number; duration: number },
): Promise<WrkFigures> {
  if (!scriptPath) {
    scriptPath = path.join(mkdtempSync(path.join(tmpdir(), 'bench-wrk-')), 'report.lua');
    writeFileSync(scriptPath, SCRIPT);
  }
  const args = ['-t1', `-c${options.connections}`, `-d${options.duration}s`, '--timeout', '10s', '-s', scriptPath];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      'wrk',
      args,
      {
        env: { ...process.env, WRK_METHOD: options.method ?? 'GET', WRK_BODY: options.body ?? '' },
        timeout: (options.duration + 30) * 1000,
      },
      (err, out, errOut) => (err ? reject(new Error(`wrk failed: ${err.message}\n${errOut}`)) : resolve(out)),
    );
  });
  return parseWrkReport(stdout);
}

/** The figures from wrk's output: the line the Lua `done` hook printed (requests, µs) in req/s and ms. */
export function parseWrkReport(stdout: string): WrkFigures {
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const r = JSON.parse(line.slice('WRK_JSON '.length)) as {
    requests: number;
    duration_us: number;
    p50_us: number;
    p99_us: number;
    errors: number;
  };
  if (!(r.duration_us > 0)) throw new Error(`wrk ran for no time:\n${stdout}`);
  return { rps: r.requests / (r.duration_us / 1e6), p50: r.p50_us / 1000, p99: r.p99_us / 1000, errors: r.errors };
}
