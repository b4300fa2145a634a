/** Runs the real `touchstone serve` (from source, through tsx) for robustness tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '../..');

export interface LiveServe {
  port: number;
  token: string;
  child: ChildProcess;
  /** stderr so far (crash reports land here). */
  stderr(): string;
  /** Peak resident memory of the server process so far, in bytes (Linux), else 0. */
  peakRss(): number;
  /** Sets the peak back to the resident memory now (Linux `clear_refs`), so peakRss() measures from here. */
  resetPeak(): void;
  /** Resident memory of the server process now, in bytes (Linux), else 0. */
  rss(): number;
  post(name: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; text: string }>;
  get(path: string): Promise<{ status: number; text: string }>;
  stop(): Promise<number | null>;
  /**
   * With `heartbeat`: the server thread's longest stall that ended in [from, to] (epoch ms), and the process's
   * CPU time within it (see heartbeat.ts); 0/0 when no tick was late by 40 ms or more.
   */
  longestStall(from: number, to: number): { gapMs: number; cpuMs: number };
}

/** A `kB` field of /proc/<pid>/status in bytes; 0 off Linux or once the process is gone. */
function procStatus(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Where the test-only heartbeat is, for `node --import`. */
const HEARTBEAT = join(import.meta.dirname, 'heartbeat.ts');

export async function startServe(opts: { cwd: string; stateDir: string; roots: string[]; heartbeat?: boolean; nodeArgs?: string[] }): Promise<LiveServe> {
  const tsx = import.meta.resolve('tsx');
  const beats = opts.heartbeat ? join(tmpdir(), `touchstone-heartbeat-${process.pid}-${Date.now()}.log`) : undefined;
  const args = [...(opts.nodeArgs ?? []), '--import', tsx, ...(beats ? ['--import', HEARTBEAT] : []), join(REPO, 'electron/cli.ts'), 'serve', '--port', '0', '--state-dir', opts.stateDir, ...opts.roots.flatMap((r) => ['--root', r])];
  const env = beats ? { ...process.env, TOUCHSTONE_TEST_HEARTBEAT: beats } : process.env;
  const child = spawn(process.execPath, args, { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/\S+\?token=\S+/.exec(out);
      if (m) resolve(new URL(m[0]));
    });
    void exited.then((code) => reject(new Error(`touchstone serve exited with ${code}: ${out}${err}`)));
  });
  const port = Number(url.port);
  const token = url.searchParams.get('token')!;
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('latin1') }));
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    port,
    token,
    child,
    stderr: () => err,
    peakRss: () => procStatus(child.pid, 'VmHWM'),
    rss: () => procStatus(child.pid, 'VmRSS'),
    resetPeak: () => { try { writeFileSync(`/proc/${child.pid}/clear_refs`, '5'); } catch { /* not Linux: the peak is since start */ } },
    post: (name, body, headers) => send('POST', `/api/${name}`, JSON.stringify(body), headers),
    get: (path) => send('GET', path),
    longestStall(from, to) {
      let worst = { gapMs: 0, cpuMs: 0 };
      if (!beats || !existsSync(beats)) return worst;
      for (const line of readFileSync(beats, 'utf8').split('\n')) {
        const [at, gap, cpu] = line.split(' ').map(Number);
        if (at! >= from && at! <= to && gap! > worst.gapMs) worst = { gapMs: gap!, cpuMs: cpu! };
      }
      return worst;
    },
    stop: () => {
      child.kill('SIGINT');
      return exited.finally(() => { if (beats) rmSync(beats, { force: true }); });
    },
  };
}
