import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseServeArgs } from './serve';

describe('touchstone serve --dataset --traces --human', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'touchstone-serve-eval-'));
  const a = path.join(tmp);
  it('presets the evaluation: named agents, a bare folder named after itself, the shared label file', () => {
    const r = parseServeArgs(['--dataset', tmp, '--traces', `gpt=${a}`, `--traces=${a}`, '--human', 'labels.csv']);
    expect(r).toMatchObject({ evaluation: { dataset: tmp, agents: [{ name: 'gpt', path: a }, { name: path.basename(a), path: a }], human: path.resolve('labels.csv') } });
  });
  it.each([
    [['--traces', `x=${tmp}`], /--dataset and --traces go together/],
    [['--dataset', tmp], /--dataset and --traces go together/],
    [['--dataset', tmp, '--traces', 'x=/no/such/dir'], /no such folder \/no\/such\/dir/],
    [['--dataset', tmp, '--traces', `x=${tmp}`, '--traces', `x=${tmp}`], /two agents are named x/],
  ])('%j is an error', (args, message) => {
    const r = parseServeArgs(args);
    expect(r).toHaveProperty('error');
    expect((r as { error: string }).error).toMatch(message);
  });
  it('cleans up', () => rmSync(tmp, { recursive: true, force: true }));
});
