import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADB, HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer } from '../testing';
import type { CompatSession, SessionContext, StepOutput } from './session';

const dir = join(__dirname, 'sessions');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();

function runSh(line: string, env: NodeJS.ProcessEnv): Promise<StepOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', line], { env: { ...env, PATH: `${process.env.PATH}` } });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => { const b = Buffer.concat(out); resolve({ stdout: b, text: b.toString('utf8'), stderr: err, code: code ?? -1 }); });
  });
}

describe.skipIf(!HAVE_ADB)('compatibility suite: agent frameworks\' adb sessions replayed against the virtual device (adb not installed → skipped)', () => {
  let adb: AdbServer;
  beforeAll(async () => { adb = await startAdbServer(); });
  afterAll(async () => { await adb?.stop(); });

  it('has one session file per framework', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  for (const file of files) {
    it(`${file}: every command succeeds and the framework's parsers get their values`, async () => {
      const session = ((await import(join(dir, file))) as { default: CompatSession }).default;
      const dev = await startVirtualDevice({ world: 'demo', adb });
      const tmp = mkdtempSync(join(tmpdir(), 'vd-compat-'));
      const ctx: SessionContext = { serial: dev.serial, adbPort: adb.port, tmp, vars: {} };
      try {
        for (const [i, step] of session.steps.entries()) {
          const label = `${session.framework} step ${i + 1} (${step.what})`;
          let out: StepOutput;
          if (step.sh !== undefined) {
            const line = (typeof step.sh === 'function' ? step.sh(ctx) : step.sh).replaceAll('{serial}', ctx.serial).replace(/^adb /, `${ADB} `);
            out = await runSh(line, adb.env);
          } else {
            const args = typeof step.adb === 'function' ? step.adb(ctx) : step.adb ?? [];
            const r = await adb.adbRaw([...(session.prefix?.(ctx) ?? ['-s', ctx.serial]), ...args]);
            out = { ...r, text: r.stdout.toString('utf8') };
          }
          expect(out.code, `${label}: exit status; stderr: ${out.stderr}; stdout: ${out.text.slice(0, 300)}`).toBe(step.code ?? 0);
          if (!step.parse) continue;
          let value: unknown;
          try {
            value = step.parse(out, ctx);
          } catch (e) {
            throw new Error(`${label}: ${(e as Error).message}\n--- output ---\n${out.text.slice(0, 2000)}`);
          }
          if (step.save) ctx.vars[step.save] = value;
          if (step.expect instanceof RegExp) expect(String(value), label).toMatch(step.expect);
          else if (step.expect !== undefined) expect(value, label).toEqual(step.expect);
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
        await dev.stop();
      }
    });
  }
});
