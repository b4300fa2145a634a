/**
 * API keys for agents (the LLM agent's endpoint key), stored under a name.
 * The UI only ever gets `{ name, set: true, last4? }`; the value leaves this
 * module only through `reveal`, which the runner calls to fill a run's settings.
 *
 * Where: desktop mode encrypts each value with the injected cipher (Electron
 * `safeStorage`, i.e. the OS keyring) into `<stateDir>/secrets.json`; web mode
 * (no cipher) keeps the values in plain text in that file, created 0600 and
 * written atomically; `memory` keeps them until the process ends. See README.md.
 */
import { chmod, readFile, stat } from 'node:fs/promises';
import { makePrivateDir } from '../../platform/private-dir';
import { join } from 'node:path';
import type { SecretInfo, SecretList } from '../../../shared/contract/run';
import { writeFileAtomic } from '../../platform/atomic-write';
import { serialised } from '../../platform/serial-queue';

/** Encrypts secrets at rest (desktop: Electron `safeStorage`, injected by electron/main.ts). */
export type { SecretCipher } from '../../kernel/types';
import type { SecretCipher } from '../../kernel/types';

export const SECRETS_FILE = 'secrets.json';
const FORMAT = 'touchstone-secrets/1';
/** Key names as the form offers them: short, no path or shell characters. */
const NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;
/** Keys shorter than this show no last four characters (they would give away too much of it). */
const LAST4_MIN = 16;

interface Entry { enc: 'safeStorage' | 'plain'; value: string; last4?: string }
interface FileShape { format: typeof FORMAT; secrets: Record<string, Entry> }

export class SecretError extends Error {
  constructor(message: string, readonly code: 'bad-request' | 'not-found' | 'internal') { super(message); this.name = 'SecretError'; }
}

export function checkSecretName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new SecretError(`A key name is 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit; got ${JSON.stringify(String(name).slice(0, 70))}.`, 'bad-request');
  }
  return name;
}

let memoryStores = 0;

export class SecretStore {
  private cache: Map<string, Entry> | null = null;
  readonly file: string | null;
  /** The write-queue key of a memory-only store (no file to key it by). */
  private readonly memoryKey = `secrets-in-memory:${++memoryStores}`;

  /** `dir` null: memory only. `cipher`: values encrypted at rest. */
  constructor(dir: string | null, private readonly cipher?: SecretCipher) {
    this.file = dir === null ? null : join(dir, SECRETS_FILE);
  }

  get storage(): SecretList['storage'] {
    return this.file === null ? 'memory' : this.cipher ? 'safeStorage' : 'file';
  }

  async list(): Promise<SecretList> {
    const m = await this.load();
    const secrets = [...m].sort(([a], [b]) => a.localeCompare(b)).map(([name, e]) => info(name, e));
    return { storage: this.storage, where: this.file ?? 'memory (until Touchstone quits)', secrets };
  }

  async set(name: string, value: string): Promise<SecretInfo> {
    checkSecretName(name);
    if (typeof value !== 'string' || !value.trim()) throw new SecretError(`The key "${name}" is empty; paste the key itself.`, 'bad-request');
    if (value.length > 8192 || /[\r\n]/.test(value)) throw new SecretError(`The key "${name}" must be one line of at most 8192 characters.`, 'bad-request');
    const v = value.trim();
    const entry: Entry = this.cipher
      ? { enc: 'safeStorage', value: this.cipher.encrypt(v).toString('base64') }
      : { enc: 'plain', value: v };
    if (v.length >= LAST4_MIN) entry.last4 = v.slice(-4);
    await this.mutate((m) => { m.set(name, entry); });
    return info(name, entry);
  }

  async delete(name: string): Promise<boolean> {
    checkSecretName(name);
    let had = false;
    await this.mutate((m) => { had = m.delete(name); });
    return had;
  }

  /** The key itself, for the runner only; undefined when no key has that name. */
  async reveal(name: string): Promise<string | undefined> {
    const e = (await this.load()).get(name);
    if (!e) return undefined;
    if (e.enc === 'plain') return e.value;
    if (!this.cipher) throw new SecretError(`The key "${name}" was stored encrypted by the desktop app; open Touchstone's desktop app to use it, or store it again here.`, 'bad-request');
    try {
      return this.cipher.decrypt(Buffer.from(e.value, 'base64'));
    } catch {
      throw new SecretError(`The key "${name}" cannot be decrypted (the system keyring changed?); store it again under API keys.`, 'internal');
    }
  }

  /** Serialised read-modify-write: two quick edits never lose one another. */
  private mutate(edit: (m: Map<string, Entry>) => void): Promise<void> {
    return serialised(this.file ?? this.memoryKey, async () => {
      const m = new Map(await this.load());
      edit(m);
      if (this.file) {
        const shape: FileShape = { format: FORMAT, secrets: Object.fromEntries(m) };
        await makePrivateDir(join(this.file, '..'));
        await writeFileAtomic(this.file, JSON.stringify(shape, null, 2) + '\n', 0o600);
      }
      this.cache = m;
    });
  }

  private async load(): Promise<Map<string, Entry>> {
    if (this.cache) return this.cache;
    if (!this.file) return (this.cache = new Map());
    const st = await stat(this.file).catch(() => null);
    if (!st) return (this.cache = new Map());
    // A file others can read is tightened rather than trusted as it is.
    if ((st.mode & 0o077) !== 0) await chmod(this.file, 0o600);
    let shape: Partial<FileShape>;
    try {
      shape = JSON.parse(await readFile(this.file, 'utf8')) as Partial<FileShape>;
    } catch {
      // No parser message: it would quote the file, which holds keys.
      throw new SecretError(`${this.file} is not valid JSON; delete it and store your API keys again.`, 'internal');
    }
    if (shape?.format !== FORMAT || typeof shape.secrets !== 'object' || shape.secrets === null) {
      throw new SecretError(`${this.file} is not a Touchstone key file (format ${FORMAT}); move it away and store your API keys again.`, 'internal');
    }
    const m = new Map<string, Entry>();
    for (const [name, e] of Object.entries(shape.secrets)) {
      if (NAME.test(name) && e && (e.enc === 'plain' || e.enc === 'safeStorage') && typeof e.value === 'string') m.set(name, { enc: e.enc, value: e.value, ...(typeof e.last4 === 'string' ? { last4: e.last4 } : {}) });
    }
    return (this.cache = m);
  }
}

function info(name: string, e: Entry): SecretInfo {
  return { name, set: true, ...(e.last4 ? { last4: e.last4 } : {}) };
}
