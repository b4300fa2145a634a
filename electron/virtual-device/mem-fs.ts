import { posix } from 'node:path';

export interface FsEntry {
  kind: 'file' | 'dir';
  data: Buffer;
  /** Permission bits only (0o644); the type bits are added by `stat`. */
  perm: number;
  mtime: number;
}

export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

/** Resolves `/sdcard` and `/storage/self/primary` to `/storage/emulated/0`, as Android's links do. */
export function normalizeDevicePath(p: string, cwd = '/'): string {
  let abs = posix.normalize(p.startsWith('/') ? p : posix.join(cwd, p));
  for (const alias of ['/sdcard', '/storage/self/primary', '/mnt/sdcard']) {
    if (abs === alias || abs.startsWith(alias + '/')) abs = '/storage/emulated/0' + abs.slice(alias.length);
  }
  return abs.length > 1 && abs.endsWith('/') ? abs.slice(0, -1) : abs;
}

/** What the in-memory file system holds at most by default (file bytes); `--storage MB` changes it. */
export const DEFAULT_QUOTA_BYTES = 512 * 1024 * 1024;

/** The device's file system, in memory, with a quota on file bytes (writes over it fail with ENOSPC). */
export class MemFs {
  private entries = new Map<string, FsEntry>();
  private used = 0;

  constructor(readonly quotaBytes = DEFAULT_QUOTA_BYTES) {
    const now = Math.floor(Date.now() / 1000);
    for (const d of ['/', '/data', '/data/local', '/data/local/tmp', '/storage', '/storage/emulated', '/storage/emulated/0',
      '/storage/emulated/0/Download', '/storage/emulated/0/Pictures', '/storage/emulated/0/DCIM', '/system', '/system/bin', '/dev', '/proc']) {
      this.entries.set(d, { kind: 'dir', data: Buffer.alloc(0), perm: 0o771, mtime: now });
    }
  }

  get(path: string): FsEntry | undefined {
    return this.entries.get(normalizeDevicePath(path));
  }

  /** Writes a file; fails when the parent folder is missing, like open(2). */
  write(path: string, data: Buffer, opts: { append?: boolean; perm?: number; mtime?: number } = {}): string | null {
    const p = normalizeDevicePath(path);
    const parent = this.entries.get(posix.dirname(p));
    if (!parent || parent.kind !== 'dir') return 'No such file or directory';
    const old = this.entries.get(p);
    if (old?.kind === 'dir') return 'Is a directory';
    const size = (opts.append && old ? old.data.length : 0) + data.length;
    if (!this.fits(p, size)) return this.quotaError(size);
    const body = opts.append && old ? Buffer.concat([old.data, data]) : data;
    this.used += body.length - (old?.data.length ?? 0);
    this.entries.set(p, { kind: 'file', data: body, perm: opts.perm ?? old?.perm ?? 0o660, mtime: opts.mtime ?? Math.floor(Date.now() / 1000) });
    return null;
  }

  mkdir(path: string, parents: boolean): string | null {
    const p = normalizeDevicePath(path);
    if (this.entries.has(p)) return parents ? null : 'File exists';
    const parent = posix.dirname(p);
    if (!this.entries.has(parent)) {
      if (!parents) return 'No such file or directory';
      const err = this.mkdir(parent, true);
      if (err) return err;
    }
    this.entries.set(p, { kind: 'dir', data: Buffer.alloc(0), perm: 0o771, mtime: Math.floor(Date.now() / 1000) });
    return null;
  }

  remove(path: string, recursive: boolean): string | null {
    const p = normalizeDevicePath(path);
    const e = this.entries.get(p);
    if (!e) return 'No such file or directory';
    if (e.kind === 'dir') {
      if (!recursive) return 'Is a directory';
      for (const k of [...this.entries.keys()]) if (k.startsWith(p + '/')) { this.used -= this.entries.get(k)!.data.length; this.entries.delete(k); }
    }
    this.used -= e.data.length;
    this.entries.delete(p);
    return null;
  }

  /** Direct children names of a folder, sorted. */
  list(path: string): string[] | null {
    const p = normalizeDevicePath(path);
    if (this.entries.get(p)?.kind !== 'dir') return null;
    const prefix = p === '/' ? '/' : p + '/';
    const names: string[] = [];
    for (const k of this.entries.keys()) {
      if (k !== p && k.startsWith(prefix) && !k.slice(prefix.length).includes('/')) names.push(k.slice(prefix.length));
    }
    return names.sort();
  }

  /** A copy of every entry (file bytes are shared: entries are replaced, never mutated). */
  dump(): [string, FsEntry][] {
    return [...this.entries].map(([k, e]) => [k, { ...e }]);
  }

  load(entries: [string, FsEntry][]): void {
    this.entries = new Map(entries.map(([k, e]) => [k, { ...e }]));
    this.used = [...this.entries.values()].reduce((n, e) => n + e.data.length, 0);
  }

  /** File bytes stored. */
  usedBytes(): number { return this.used; }

  /** Whether `path` may hold `size` bytes (replacing what it holds now) within the quota. */
  fits(path: string, size: number): boolean {
    const old = this.entries.get(normalizeDevicePath(path));
    return this.used - (old?.data.length ?? 0) + size <= this.quotaBytes;
  }

  /** The error a write over the quota gets: the errno text, with the numbers and what to do. */
  quotaError(size: number): string {
    const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);
    return `No space left on device (virtual device storage: ${mb(this.used)} of ${mb(this.quotaBytes)} MiB used, ${mb(size)} MiB more asked; delete files or start the device with a larger --storage)`;
  }

  mode(e: FsEntry): number {
    return (e.kind === 'dir' ? S_IFDIR : S_IFREG) | e.perm;
  }
}
