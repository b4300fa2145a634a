import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECRETS_FILE, SecretStore, type SecretCipher } from './secret-store';
import { secretHandlers } from './secret-handlers';

/** A real cipher (AES-256-GCM with a per-test key), standing in for Electron's safeStorage. */
function testCipher(): SecretCipher & { used: number } {
  const key = randomBytes(32);
  const c = {
    used: 0,
    encrypt(plain: string): Buffer {
      c.used++;
      const iv = randomBytes(12);
      const e = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([e.update(plain, 'utf8'), e.final()]);
      return Buffer.concat([iv, e.getAuthTag(), body]);
    },
    decrypt(data: Buffer): string {
      const d = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
    },
  };
  return c;
}

const KEY = `sk-live-${randomBytes(16).toString('hex')}`;

describe('the API key store', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'touchstone-secrets-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('web mode: a 0600 file written atomically, read back by a new store; answers never carry the key', async () => {
    const s = new SecretStore(dir);
    expect(s.storage).toBe('file');
    const info = await s.set('openai', `  ${KEY}  `);
    expect(info).toEqual({ name: 'openai', set: true, last4: KEY.slice(-4) });
    await s.set('local', 'short-key');
    const file = join(dir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([SECRETS_FILE]); // no temp file left behind
    const again = new SecretStore(dir);
    const list = await again.list();
    expect(list).toEqual({ storage: 'file', where: file, secrets: [{ name: 'local', set: true }, { name: 'openai', set: true, last4: KEY.slice(-4) }] });
    expect(JSON.stringify(list)).not.toContain(KEY.slice(0, -4));
    expect(await again.reveal('openai')).toBe(KEY);
    expect(await again.reveal('nope')).toBeUndefined();
    expect(await again.delete('local')).toBe(true);
    expect(await again.delete('local')).toBe(false);
    expect((await new SecretStore(dir).list()).secrets.map((x) => x.name)).toEqual(['openai']);
  });

  it('desktop mode: values are encrypted at rest with the injected cipher; the file holds no key', async () => {
    const cipher = testCipher();
    const s = new SecretStore(dir, cipher);
    expect(s.storage).toBe('safeStorage');
    await s.set('openai', KEY);
    expect(cipher.used).toBe(1);
    const raw = readFileSync(join(dir, SECRETS_FILE), 'utf8');
    expect(raw).not.toContain(KEY.slice(0, 20));
    expect(raw).toContain('"enc": "safeStorage"');
    expect(await new SecretStore(dir, cipher).reveal('openai')).toBe(KEY);
    // Another keyring cannot read it, and says what to do; a store without a cipher says where it can be used.
    await expect(new SecretStore(dir, testCipher()).reveal('openai')).rejects.toThrow(/cannot be decrypted .*store it again/);
    await expect(new SecretStore(dir).reveal('openai')).rejects.toThrow(/stored encrypted by the desktop app/);
  });

  it('memory mode writes nothing', async () => {
    const s = new SecretStore(null);
    await s.set('openai', KEY);
    expect(await s.reveal('openai')).toBe(KEY);
    expect((await s.list()).storage).toBe('memory');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses bad names and empty keys, tightens a readable file, and a broken file is named without quoting it', async () => {
    const s = new SecretStore(dir);
    await expect(s.set('../x', KEY)).rejects.toThrow(/key name is 1-64 letters/);
    await expect(s.set('ok', '   ')).rejects.toThrow(/"ok" is empty/);
    await expect(s.set('ok', 'a\nb')).rejects.toThrow(/one line/);
    await s.set('ok', KEY);
    const file = join(dir, SECRETS_FILE);
    chmodSync(file, 0o644);
    await new SecretStore(dir).list();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, `{"format": "touchstone-secrets/1", "secrets": {"ok": "${KEY}"`);
    const err = await new SecretStore(dir).list().then(() => null, (e: Error) => e);
    expect(err?.message).toBe(`${file} is not valid JSON; delete it and store your API keys again.`);
    writeFileSync(file, '{"something": "else"}');
    await expect(new SecretStore(dir).list()).rejects.toThrow(/not a Touchstone key file/);
  });

  it('two quick edits through the calls both land; TOUCHSTONE_SECRETS=memory keeps the state folder empty', async () => {
    const { calls } = secretHandlers({ stateDir: dir });
    await Promise.all([calls['run:secretSet']({ name: 'a', value: KEY }), calls['run:secretSet']({ name: 'b', value: KEY })]);
    expect((await calls['run:secrets']({})).secrets.map((x) => x.name)).toEqual(['a', 'b']);
    await expect(calls['run:secretSet']({ name: '', value: KEY })).rejects.toMatchObject({ code: 'bad-request' });
    const mem = join(dir, 'mem');
    process.env.TOUCHSTONE_SECRETS = 'memory';
    try {
      const m = secretHandlers({ stateDir: mem });
      await m.calls['run:secretSet']({ name: 'a', value: KEY });
      expect((await m.calls['run:secrets']({})).storage).toBe('memory');
      expect(existsSync(mem)).toBe(false);
    } finally { delete process.env.TOUCHSTONE_SECRETS; }
  });
});
