import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, mkdir, rm, symlink, writeFile, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootGuard } from './roots';

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'touchstone-roots-')));
  root = join(base, 'dataset');
  outside = join(base, 'secret');
  await mkdir(join(root, 'general', 'trace_1'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'key.txt'), 'x');
  await writeFile(join(root, 'general', 'trace_1', '0.xml'), '<hierarchy/>');
  await symlink(outside, join(root, 'escape'));
  await symlink(join(outside, 'key.txt'), join(root, 'general', 'key-link.txt'));
  await symlink(join(root, 'general'), join(root, 'inner-link'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('RootGuard', () => {
  it('refuses everything before a root is opened', () => {
    expect(() => new RootGuard().resolve(join(root, 'general'))).toThrow(/no folder is open/);
  });

  it.each([
    ['relative file', 'general/trace_1/0.xml', 'general/trace_1/0.xml'],
    ['absolute file', '<root>/general/trace_1/0.xml', 'general/trace_1/0.xml'],
    ['root itself', '<root>', ''],
    ['file not yet written', 'general/trace_1/2.ess', 'general/trace_1/2.ess'],
    ['../ that stays inside', 'general/../general/trace_1', 'general/trace_1'],
    ['symlink pointing inside', 'inner-link/trace_1/0.xml', 'general/trace_1/0.xml'],
  ])('allows %s', (_name, p, expected) => {
    const g = new RootGuard();
    g.add(root);
    expect(g.resolve(p.replace('<root>', root))).toBe(join(root, expected));
  });

  it.each([
    ['../ escape', '../secret/key.txt'],
    ['deep ../ escape', 'general/trace_1/../../../secret/key.txt'],
    ['absolute outside', '<outside>/key.txt'],
    ['symlinked folder escape', 'escape/key.txt'],
    ['symlinked file escape', 'general/key-link.txt'],
    ['new file under symlinked folder', 'escape/new.txt'],
    ['sibling with root as prefix', '<root>-other/x'],
  ])('refuses %s, naming the path and the roots', (_name, p) => {
    const g = new RootGuard();
    g.add(root);
    const input = p.replace('<root>', root).replace('<outside>', outside);
    expect(() => g.resolve(input)).toThrow(new RegExp(`${escape(input)}.*outside the opened folders.*${escape(root)}`));
  });

  it('accepts several roots and rejects a missing root', () => {
    const g = new RootGuard();
    expect(g.add(root)).toBe(root);
    g.add(outside);
    g.add(root);
    expect(g.roots()).toEqual([root, outside]);
    expect(g.resolve(join(outside, 'key.txt'))).toBe(join(outside, 'key.txt'));
    expect(() => g.add(join(base, 'missing'))).toThrow(/missing/);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
