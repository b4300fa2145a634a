import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { HAVE_ADB } from '../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../core/runner/testing/run-fixture';
import type { EpisodeRecord } from '../core/runner/episode-record';
import { records, startCli, stepFiles, until } from './testing/run-cli';
import { startFakeLlm } from '../core/agents/testing/fake-llm-server';

// Task order matters: the first device takes the first task, the second (the one that vanishes) the second,
// demo13 with its seven steps, so it is caught mid-episode.
const TASKS = ['demo10', 'demo13', 'demo02', 'demo14', 'demo17', 'demo22'];
// Enough episodes that the steady device still has some to run when the other vanishes.
const REPEAT = 2;

describe.skipIf(!HAVE_ADB)('touchstone run: a device that vanishes mid-run (adb not installed → skipped)', () => {
  let fx: RunFixture;
  beforeAll(async () => { fx = await startRunFixture(1, { only: TASKS }); }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  const cases = {
    killed: 'the virtual device is killed', 'killed emulator': 'an emulator-style device is killed', 'adb disconnect': 'the device is removed with adb disconnect',
    'frozen, then disconnected': 'the device stops answering mid-command, then adb drops it',
  } as const;
  for (const how of Object.keys(cases) as (keyof typeof cases)[]) {
    it(`${cases[how]}: its episode ends interrupted within moments naming it, the other device runs the rest, steps are kept`, async () => {
      const steady = fx.devices[0]!;
      const flaky = await fx.addDevice({ faults: { latencyMs: 25 }, ...(how === 'killed emulator' ? { serialStyle: 'emulator' as const } : {}) });
      const out = join(fx.tmp, how.replace(/\W/g, '-'));
      const json = join(fx.tmp, `${how.replace(/\W/g, '-')}.json`);
      const run = startCli(fx.adb.env, ['run', '--dataset', fx.dataset, '--tasks', TASKS.join(','), '--agent', 'replay', '--repeat', String(REPEAT), '--devices', `${steady.serial},${flaky.serial}`, '--out', out, '--json', json]);
      const onFlaky = (): [string, EpisodeRecord] | undefined => [...records(out)].find(([, r]) => r.device.serial === flaky.serial);
      // Caught with two steps on disk and more to come.
      const [dir, before] = await until('two steps of the second device\'s episode', () => {
        const e = onFlaky();
        return e && e[1].steps.length >= 2 && e[1].outcome === 'incomplete' ? e : undefined;
      });
      const t0 = performance.now();
      const leftAt = Date.now();
      if (how === 'frozen, then disconnected') { flaky.device.faults.latencyMs = 600_000; await new Promise((r) => setTimeout(r, 200)); }
      if (how === 'killed' || how === 'killed emulator') await flaky.instance.stop(); else await fx.adb.adb(['disconnect', flaky.serial]);
      const ended = await until('the episode to end', () => {
        const r = records(out).get(dir);
        return r && r.outcome !== 'incomplete' ? r : undefined;
      }, 30_000);
      const ms = Math.round(performance.now() - t0);
      console.log(`${how}: the episode on ${flaky.serial} ended "${ended.outcome}" ${ms} ms after the device left (${ended.steps.length} steps kept)`);
      expect(ended.outcome).toBe('interrupted');
      expect(ended.interruptedBy).toBe('device');
      expect(ended.reason).toContain(`Device ${flaky.serial}`);
      // The tracker's words, or adb's own when its error came first (or the tracker took longer than the 750 ms a cut stream waits for it).
      expect(ended.reason).toMatch(/(disappeared from adb|went offline)|device '[^']+' not found|device offline|Failure: 'closed'|stopped answering/);
      expect(ms).toBeLessThan(2500);

      const r = await run.done;
      expect(r.status, r.stderr).toBe(1); // an episode was interrupted
      // The summary names the vanished device.
      expect(r.stdout).toMatch(new RegExp(`${TASKS.length * REPEAT} of ${TASKS.length * REPEAT} episode\\(s\\) ran on 2 device\\(s\\), 1 lost \\(${flaky.serial.replace(/\./g, '\\.')}\\)`));
      expect(r.stdout).toContain(`device lost: ${flaky.serial}: Device ${flaky.serial}`);
      // Every step recorded before the device left is still on disk, whole.
      const kept = records(out).get(dir)!;
      expect(kept.steps.length).toBeGreaterThanOrEqual(before.steps.length);
      expect(kept.steps.slice(0, before.steps.length).map((s) => s.action)).toEqual(before.steps.map((s) => s.action));
      const files = stepFiles(join(out, dir));
      for (const kind of Object.values(files)) expect(kind.slice(0, kept.steps.length)).toEqual(kept.steps.map((s) => s.index));
      // The other device ran every other episode to its end, each evaluated as completed.
      const all = JSON.parse(readFileSync(json, 'utf8')) as (EpisodeRecord & { ranOn: string })[];
      expect(all).toHaveLength(TASKS.length * REPEAT);
      const rest = all.filter((x) => x.ranOn !== flaky.serial);
      expect(rest.map((x) => [x.episode, x.ranOn, x.outcome, x.evaluation?.completed, x.evaluation?.completed ? '' : x.evaluation?.reason])).toEqual(rest.map((x) => [x.episode, steady.serial, 'finished', true, '']));
      expect(all.filter((x) => x.ranOn === flaky.serial).map((x) => x.outcome)).toEqual(['interrupted']);
      const after = rest.filter((x) => Date.parse(x.endedAt!) > leftAt).length;
      console.log(`${how}: ${after} of the other device's ${rest.length} episodes ended after the vanish`);
      expect(after).toBeGreaterThanOrEqual(1);
    }, 240_000);
  }

  // adb announces an emulator that stops and a device removed with `adb disconnect` on track-devices at once; a killed
  // TCP device turns offline in `adb devices` silently (no track-devices event), which the device manager polls for.
  for (const how of ['killed', 'killed emulator', 'adb disconnect'] as const) it(`a device that vanishes while the agent waits for its model (${how}): the episode ends at once, not at the step timeout`, async () => {
    const KEY = 'sk-vanish-test';
    const llm = await startFakeLlm({ plan: ['Counter', 'Increase', 'Increase', 'Increase'], key: KEY });
    // The model answers twice, then "thinks" for ever (the step timeout is a minute).
    let asked = 0;
    const proxy = createServer((req, res) => {
      const body: Buffer[] = [];
      req.on('data', (c: Buffer) => body.push(c));
      req.on('end', () => {
        if (++asked > 2) return;
        void fetch(`${llm.url}${req.url!.replace(/^\/v1/, '')}`, { method: 'POST', headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' }, body: Buffer.concat(body) })
          .then(async (r) => { res.writeHead(r.status, { 'content-type': 'application/json' }); res.end(await r.text()); });
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const dev = await fx.addDevice(how === 'killed emulator' ? { serialStyle: 'emulator' } : {});
    const out = join(fx.tmp, `thinking-${how.replace(/\W/g, '-')}`);
    try {
      const run = startCli({ ...fx.adb.env, TOUCHSTONE_LLM_API_KEY: KEY }, ['run', '--dataset', fx.dataset, '--tasks', 'demo14', '--agent', 'llm', '--devices', dev.serial, '--out', out, '--step-timeout', '60000',
        '--agent-opt', `llm.base_url=http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`, '--agent-opt', 'llm.model=fake']);
      const trace = 'llm/r1/demo14';
      await until('the third question to the model', () => (asked >= 3 && (records(out).get(trace)?.steps.length ?? 0) >= 2 ? true : undefined));
      const t0 = performance.now();
      if (how === 'killed' || how === 'killed emulator') await dev.instance.stop(); else await fx.adb.adb(['disconnect', dev.serial]);
      const ended = await until('the episode to end', () => {
        const r = records(out).get(trace);
        return r && r.outcome !== 'incomplete' ? r : undefined;
      }, 70_000);
      const ms = Math.round(performance.now() - t0);
      console.log(`agent waiting for its model, ${how}: the episode on ${dev.serial} ended "${ended.outcome}" ${ms} ms after the device left (${ended.steps.length} steps kept)`);
      expect(ended).toMatchObject({ outcome: 'interrupted', interruptedBy: 'device' });
      expect(ended.reason).toMatch(new RegExp(`^Device ${dev.serial.replace(/\./g, '\\.')}: (disappeared from adb|went offline)`));
      expect(ms).toBeLessThan(2500);
      expect(ended.steps.map((x) => x.index)).toEqual([0, 1]);
      expect(stepFiles(join(out, trace)).screenshot).toEqual([0, 1]);
      const r = await run.done;
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toContain(`1 of 1 episode(s) ran on 1 device(s), 1 lost (${dev.serial})`);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
      await llm.close();
    }
  }, 120_000);
});
