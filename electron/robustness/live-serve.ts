/** Runs the real `touchstone serve` (from source, through tsx) for robustness tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  post(name: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; text: string }>;
  get(path: string): Promise<{ status: number; text: string }>;
  stop(): Promise<number | null>;
}

export async function startServe(opts: { cwd: string; stateDir: string; roots: string[] }): Promise<LiveServe> {
  const tsx = import.meta.resolve('tsx');
  const args = ['--import', tsx, join(REPO, 'electron/cli.ts'), 'serve', '--port', '0', '--state-dir', opts.stateDir, ...opts.roots.flatMap((r) => ['--root', r])];
  const child = spawn(process.execPath, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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
    peakRss() {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Number(m[1]) * 1024 : 0;
      } catch {
        return 0;
      }
    },
    post: (name, body, headers) => send('POST', `/api/${name}`, JSON.stringify(body), headers),
    get: (path) => send('GET', path),
    stop: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}
