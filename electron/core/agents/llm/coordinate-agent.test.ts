import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import type { VhNode } from '../../../../shared/model';
import type { GroundingFamily } from '../../../../shared/kinds/agents/grounding/resize';
import { adbShell } from '../../capture/device-shell';
import { DeviceManager } from '../../devices/device-manager';
import { runAgents } from '../../runner/run-agents';
import { loadRunTasks } from '../../runner/run-tasks';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import { startFakeGrounding, type Located } from '../testing/fake-grounding-server';

const PLAN = ['Counter', 'Decrease'];
const labelled = (nodes: VhNode[], label: string): VhNode | undefined => nodes.find((n) => (n.text === label || n.contentDesc === label) && n.bounds);

describe.skipIf(!HAVE_ADB)('LLM agent, coordinate mode: grounding models of three families complete a demo task on a virtual device through the real adb', () => {
  let fx: RunFixture;
  let mgr: DeviceManager;
  let serial: string;

  /** Where the component is now: the device's own hierarchy (uiautomator dump through the real adb). */
  const locate = async (label: string): Promise<Located> => {
    const dump = (await fx.adb.adb(['-s', serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty'])).stdout;
    const xml = dump.slice(dump.indexOf('<?xml'), dump.lastIndexOf('</hierarchy>') + 12);
    const vh = parseUiautomatorXml(xml, 'dump');
    if (!vh.ok) throw new Error('no hierarchy');
    const n = labelled(vh.value.nodes, label);
    if (!n?.bounds) throw new Error(`no ${label} on the screen`);
    const size = /(\d+)x(\d+)\s*$/.exec((await fx.adb.adb(['-s', serial, 'shell', 'wm', 'size'])).stdout.trim())!;
    return { x: (n.bounds.x1 + n.bounds.x2) / 2, y: (n.bounds.y1 + n.bounds.y2) / 2, screen: { width: Number(size[1]), height: Number(size[2]) } };
  };

  beforeAll(async () => {
    process.env.TOUCHSTONE_LLM_API_KEY = 'sk-grounding-test';
    fx = await startRunFixture(1, { only: ['demo15'] });
    serial = fx.devices[0]!.serial;
    mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
  }, 120_000);
  afterAll(async () => { delete process.env.TOUCHSTONE_LLM_API_KEY; await fx?.stop(); });

  // Two screens; every image size below is another factor than the screen's, most of them not whole numbers.
  const cases: { size: string; family: GroundingFamily; imageWidth?: string; image: string }[] = [
    { size: '1080x2400', family: 'uitars', image: '1092x2408' },
    { size: '1080x2400', family: 'qwen', image: '1092x2408' },
    { size: '1080x2400', family: 'plain', imageWidth: '720', image: '720x1600' },
    { size: '720x1280', family: 'uitars', image: '728x1288' },
    { size: '720x1280', family: 'qwen', image: '728x1288' },
    { size: '720x1280', family: 'plain', imageWidth: '500', image: '500x889' },
  ];
  for (const c of cases) {
    it(`${c.family} at ${c.size} (image ${c.image}): completes demo15; every tap lands on the intended component`, async () => {
      await fx.adb.adb(['-s', serial, 'shell', c.size === '1080x2400' ? 'wm size reset' : `wm size ${c.size}`]);
      const server = await startFakeGrounding({ family: c.family, plan: PLAN, locate });
      try {
        const out = join(fx.tmp, `${c.family}-${c.size}`);
        const r = await runAgents({
          tasks: await loadRunTasks(fx.dataset, ['demo15']), agents: ['llm'], repeat: 1, out, devices: await mgr.pick('all'), shellFor: (s) => adbShell(mgr.client, s),
          limits: { maxSteps: 6, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1, signal: new AbortController().signal,
          agentSettings: { base_url: server.url, model: `fake-${c.family}`, mode: 'coordinates', family: c.family, ...(c.imageWidth ? { image_width: c.imageWidth } : {}) },
        });
        const rec = r.items[0]!.record;
        expect(rec.outcome, rec.reason).toBe('finished');
        expect(rec.device.screen).toEqual({ width: Number(c.size.split('x')[0]), height: Number(c.size.split('x')[1]) });
        expect(rec.steps.map((s) => s.deviceAction.kind)).toEqual(['tap', 'tap', 'complete']);
        expect(server.requests.map((q) => `${q.image.width}x${q.image.height}`)).toEqual([c.image, c.image, c.image]);
        for (const [i, label] of PLAN.entries()) {
          const step = rec.steps[i]!;
          const note = step.agent as { family: string; resize: { image: { width: number; height: number }; scale: { x: number; y: number } }; reply: { content: string } };
          expect(note.family).toBe(c.family);
          expect(`${note.resize.image.width}x${note.resize.image.height}`).toBe(c.image);
          expect(note.reply.content).toBe(server.requests[i]!.reply);
          // The tap, in device pixels, inside the component the model meant, on the screen the step recorded.
          const xml = readFileSync(join(out, 'llm', 'r1', 'demo15', 'captured_data', 'xml', `${i}.xml`), 'utf8');
          const vh = parseUiautomatorXml(xml, `${i}.xml`);
          const b = vh.ok ? labelled(vh.value.nodes, label)?.bounds : undefined;
          const a = step.deviceAction as { x: number; y: number };
          expect(b, `${label} on screen ${i}`).toBeDefined();
          expect(a.x).toBeGreaterThanOrEqual(b!.x1); expect(a.x).toBeLessThanOrEqual(b!.x2);
          expect(a.y).toBeGreaterThanOrEqual(b!.y1); expect(a.y).toBeLessThanOrEqual(b!.y2);
        }
        expect(rec.evaluation?.completed).toBe(true);
      } finally {
        await server.close();
        await fx.adb.adb(['-s', serial, 'shell', 'wm size reset']);
      }
    }, 120_000);
  }
});
