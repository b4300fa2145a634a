import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfinedFiles, listIn, MAX_TEXT_BYTES, NAMED_FILES, readBytesIn, readHeadIn, readImageFile, readNamedText, readTextIn, resolveIn, statIn } from './confined-read';

let base: string;
let root: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'touchstone-confined-')));
  root = join(base, 'root');
  mkdirSync(join(root, 'ep'), { recursive: true });
  writeFileSync(join(base, 'secret.txt'), 'secret');
  writeFileSync(join(root, 'ep', 'a.txt'), '\uFEFFhello');
  symlinkSync(join(base, 'secret.txt'), join(root, 'ep', 'link.txt'));
  symlinkSync(join(root, 'ep', 'a.txt'), join(root, 'ep', 'inner-link.txt'));
  writeFileSync(join(root, 'big.txt'), '');
  truncateSync(join(root, 'big.txt'), MAX_TEXT_BYTES + 1); // sparse: no real disk use
  execFileSync('mkfifo', [join(root, 'ep', 'pipe.xml')]);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('confined reads', () => {
  it('read text inside the root (BOM decoded) and follow links that stay inside', async () => {
    expect(await readTextIn(root, 'ep', 'a.txt')).toBe('hello');
    expect(await readTextIn(root, 'ep/inner-link.txt')).toBe('hello');
    expect(await readTextIn(root, 'ep/none.txt')).toBeUndefined();
    expect(await readHeadIn(root, 'ep/a.txt', 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect((await listIn(root, 'ep')).map((e) => e.name).sort()).toEqual(['a.txt', 'inner-link.txt', 'link.txt', 'pipe.xml']);
    expect((await statIn(root, 'ep'))?.isDirectory()).toBe(true);
  });

  it.each([
    ['a symlink out', 'ep/link.txt'], ['..', '../secret.txt'], ['an absolute path elsewhere', '/etc/hostname'], ['.. inside a longer path', 'ep/../../secret.txt'],
  ])('refuse %s, naming the path', async (_l, rel) => {
    await expect(readTextIn(root, rel)).rejects.toThrow(/refused/);
    expect(() => resolveIn(root, rel)).toThrow(/refused/);
    await expect(statIn(root, rel)).rejects.toThrow(/refused/);
  });

  it('refuse a NUL in the path, a FIFO without hanging, a folder, and a file over the size limit', async () => {
    await expect(readTextIn(root, 'ep/a.txt\0.png')).rejects.toThrow(/NUL/);
    await expect(readTextIn(root, 'ep/pipe.xml')).rejects.toThrow(/not a regular file/);
    await expect(readTextIn(root, 'ep')).rejects.toThrow(/is a folder/);
    await expect(readTextIn(root, 'big.txt')).rejects.toThrow(/over the 67,108,864-byte limit/);
    expect(await readHeadIn(root, 'big.txt', 8)).toHaveLength(8);
  });
});

describe('named files and screenshots (the icon matcher, OCR, judge images, config and prompt files)', () => {
  it('refuse a FIFO, a device and an oversized file at once with a sentence naming the file', () => {
    const pipe = join(root, 'ep', 'pipe.xml');
    symlinkSync('/dev/zero', join(base, 'zero.png'));
    for (const f of [pipe, join(base, 'zero.png'), join(root, 'big.txt')]) {
      expect(() => readImageFile(f)).toThrow(f.endsWith('big.txt') ? /big\.txt/ : /Cannot read|not a regular file|FIFO|device/i);
      expect(() => readNamedText(f)).toThrow();
    }
    expect(() => readImageFile(join(root, 'ep', 'none.png'))).toThrow(/none\.png: no such file/);
    expect(NAMED_FILES.text(join(root, 'ep', 'a.txt'))).toBe('hello');
  });

  it('read a trace screenshot through the confinement of its trace: a link out of the roots is refused', () => {
    const files = new ConfinedFiles({ roots: [root] });
    expect(readImageFile(join(root, 'ep', 'inner-link.txt'), files)).toHaveLength(8);
    expect(() => readImageFile(join(root, 'ep', 'link.txt'), files)).toThrow(/outside the opened folders/);
    // Without a confinement the same link is a named file, followed.
    expect(Buffer.from(readImageFile(join(root, 'ep', 'link.txt'))).toString()).toBe('secret');
  });

  it('text reads share one buffer: a large file, a small one, UTF-16 and the large one again each come back whole', () => {
    const files = new ConfinedFiles({ roots: [root] });
    // Over the shared buffer's first size (256 KiB), so it grows; then shorter files must not show its tail.
    // In a folder of their own: the listing test above counts what is in ep/.
    const dir = join(root, 'shared-buffer');
    mkdirSync(dir, { recursive: true });
    const large = Array.from({ length: 40_000 }, (_, i) => `line ${i} é\n`).join('');
    writeFileSync(join(dir, 'large.json'), large);
    writeFileSync(join(dir, 'utf16.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide text', 'utf16le')]));
    expect(files.text(join(dir, 'large.json'))).toBe(large);
    expect(files.text(join(root, 'ep', 'a.txt'))).toBe('hello');
    expect(files.text(join(dir, 'utf16.txt'))).toBe('wide text');
    expect(files.text(join(dir, 'large.json'))).toBe(large);
    expect(files.text(join(root, 'ep', 'a.txt'))).toBe('hello');
  });

  it('paths with . and .. parts and doubled slashes are normalised before the roots are checked', () => {
    const files = new ConfinedFiles({ roots: [root] });
    expect(files.text(`${root}/ep/./a.txt`)).toBe('hello');
    expect(files.text(`${root}//ep/../ep/a.txt`)).toBe('hello');
    expect(() => files.text(`${root}/ep/../../secret.txt`)).toThrow(/outside the opened folders/);
    expect(() => files.text(`${root}/../secret.txt`)).toThrow(/outside the opened folders/);
    expect(files.list(`${root}/ep/..`)).toContain('ep');
  });

  it('readBytesIn reads a whole file inside the root and refuses one over its cap', async () => {
    expect(await readBytesIn(root, ['ep', 'a.txt'], 100)).toHaveLength(8);
    await expect(readBytesIn(root, ['ep', 'a.txt'], 4)).rejects.toThrow(/a\.txt/);
    expect(await readBytesIn(root, ['ep', 'none.png'])).toBeUndefined();
  });
});
