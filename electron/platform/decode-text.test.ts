import { describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeText } from './decode-text';
import { ConfinedFiles } from './confined-files';
import { parseForegroundActivity, parsePackageList, normaliseComponent } from '../../shared/formats/dumpsys';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const DUMPSYS = path.join(FIXTURES, 'dumpsys');
const have = existsSync(FIXTURES);

describe('decodeText', () => {
  it.each([
    ['UTF-8', new TextEncoder().encode('héllo')],
    ['UTF-8 BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('héllo')])],
    ['UTF-16LE BOM', new Uint8Array([0xff, 0xfe, ...Buffer.from('héllo', 'utf16le')])],
    ['UTF-16LE without BOM', new Uint8Array(Buffer.from('héllo', 'utf16le'))],
  ])('%s', (_what, bytes) => {
    expect(decodeText(bytes)).toBe('héllo');
  });

  // ConfinedFiles.text reads UTF-8 straight to a string and falls back to decodeText's bytes path:
  // every encoding, a NUL, an invalid first byte and a file longer than the NUL look-ahead give the same text.
  it('ConfinedFiles.text gives what decodeText gives, for every encoding', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'touchstone-text-'));
    try {
      const cases: Uint8Array[] = [
        new TextEncoder().encode('héllo'),
        new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('héllo')]),
        new Uint8Array([0xff, 0xfe, ...Buffer.from('héllo wörld', 'utf16le')]),
        new Uint8Array([0xfe, 0xff, ...Buffer.from('héllo', 'utf16le').swap16()]),
        new Uint8Array(Buffer.from('héllo, a longer line without a byte-order mark', 'utf16le')),
        new Uint8Array([0x68, 0x00, 0x69, 0xc3, 0x28, 0x0a]),
        new Uint8Array([0xc3, 0x28, 0x61]),
        new TextEncoder().encode(`${'x'.repeat(600)}\u0000tail`),
        new Uint8Array(0),
      ];
      const files = new ConfinedFiles({ roots: [dir] });
      cases.forEach((bytes, i) => {
        const f = path.join(dir, `${i}.txt`);
        writeFileSync(f, bytes);
        expect(files.text(f), `case ${i}`).toBe(decodeText(bytes));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!have)('dumpsys fixtures (fixtures absent → skipped)', () => {
  const expected: Record<string, string | null> = {
    'Healer-s+Healer__dumpsys_activity.txt': 'com.mediatek.camera/.CameraLauncher',
    'cryptoloot__dumpsys_window_utf16le.txt': 'com.kryptoloot.app/com.example.MainActivity',
    'lodrean__dumpsys_activity.txt': null,
    'gwm-haval__pm_list_packages.txt': null,
  };
  it.each(have ? readdirSync(DUMPSYS) : [])('%s', (name) => {
    const text = decodeText(readFileSync(path.join(DUMPSYS, name)));
    expect(text).not.toContain('\0');
    expect(parseForegroundActivity(text)?.component ?? null).toBe(expected[name]);
    const pkgs = parsePackageList(text);
    if (name.includes('pm_list')) {
      expect(pkgs.length).toBe(text.split('\n').filter((l) => l.startsWith('package:')).length);
      expect(pkgs).toContain('com.android.providers.telephony');
    } else expect(pkgs).toEqual([]);
  });

  it('normalises short activity names', () => {
    expect(normaliseComponent('pkg/.A')).toBe('pkg/pkg.A');
    expect(normaliseComponent('com.mediatek.camera/.CameraLauncher')).toBe('com.mediatek.camera/com.mediatek.camera.CameraLauncher');
    expect(normaliseComponent('com.a/com.b.C')).toBe('com.a/com.b.C');
    expect(normaliseComponent('NotificationShade')).toBe('NotificationShade');
  });
});
