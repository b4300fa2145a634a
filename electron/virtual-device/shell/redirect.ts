import type { MemFs } from '../mem-fs';
import type { Redirect } from './parse';

export type Sink = (data: Buffer) => void;

/** Where a command's stdin, stdout and stderr go after its redirections, and how to commit file output. */
export interface Redirected {
  stdin: () => Promise<Buffer>;
  out: Sink;
  err: Sink;
  /** Writes what went to `> file` / `>> file` once the command has finished. */
  commit(): void;
}

/**
 * Applies `<`, `>`, `>>`, `N>` and `N>&M` left to right, as sh does; `/dev/null`,
 * `/dev/tty`, `/dev/stdout` and `/dev/stderr` are the usual devices. Returns the
 * error text (`can't open ...`) when a file cannot be opened.
 */
export async function applyRedirects(
  redirects: Redirect[], io: { stdin: () => Promise<Buffer>; out: Sink; err: Sink }, fs: MemFs, expand: (w: Redirect & { kind: 'file' | 'input' }) => Promise<string>,
): Promise<Redirected | string> {
  let stdin = io.stdin;
  const fds = new Map<number, Sink>([[1, io.out], [2, io.err]]);
  const files: { path: string; append: boolean; chunks: Buffer[] }[] = [];
  for (const r of redirects) {
    if (r.kind === 'dup') { const s = fds.get(r.to); if (s) fds.set(r.fd, s); continue; }
    const target = await expand(r);
    if (r.kind === 'input') {
      const e = fs.get(target);
      if (!e || e.kind !== 'file') return `can't open ${target}: No such file or directory`;
      stdin = () => Promise.resolve(e.data);
      continue;
    }
    if (target === '/dev/null') fds.set(r.fd, () => undefined);
    else if (target === '/dev/tty' || target === '/dev/stdout') fds.set(r.fd, io.out);
    else if (target === '/dev/stderr') fds.set(r.fd, io.err);
    else {
      // like open(O_CREAT): the file exists (empty) before the command runs
      const probe = fs.write(target, Buffer.alloc(0), { append: true });
      if (probe) return `can't create ${target}: ${probe}`;
      const f = { path: target, append: r.append, chunks: [] as Buffer[] };
      files.push(f);
      fds.set(r.fd, (d) => f.chunks.push(d));
    }
  }
  return {
    stdin, out: fds.get(1)!, err: fds.get(2)!,
    commit: () => { for (const f of files) fs.write(f.path, Buffer.concat(f.chunks), { append: f.append }); },
  };
}
