/** `touchstone audit`: how strong each annotation of a dataset is against traces that did not do the task. */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AUDIT_DEFAULTS } from '../../shared/contract/audit';
import { writeFileAtomic } from '../platform/atomic-write';
import { auditDataset, auditText } from '../core/audit/audit-dataset';
import { auditDevices } from '../core/audit/audit-devices';
import { resolveAdbServer } from '../core/devices/adb-client';
import { DeviceManager } from '../core/devices/device-manager';
import { watchPresence } from '../core/runner/watch-device';
import type { AuditReport } from '../../shared/contract/audit';
import { listOrAll } from './option-values';
import { progressBar } from './progress-bar';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone audit`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['audit'],
  options: {
    dataset: { type: 'string', value: 'D', required: true, description: 'LlamaTouch dataset folder (annotated tasks with their recordings)' },
    json: { type: 'string', value: 'FILE', description: 'write the full report (every probe of every task, the items that let it pass, a stronger item) as JSON' },
    seed: { type: 'integer', min: 0, default: AUDIT_DEFAULTS.seed, description: 'seed of the first random trace (the next ones use seed+1, ...)' },
    random: { type: 'integer', min: 0, default: AUDIT_DEFAULTS.randomTraces, description: 'random traces per task' },
    devices: { type: 'string', value: 'S', parse: listOrAll, description: 'run the probes on these devices (comma-separated serials, or all usable ones) instead of offline on replay worlds: each task reset as touchstone run resets it' },
    'adb-server': { type: 'string', value: 'H:P', description: 'with --devices: the adb server to use (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, 5037)' },
    out: { type: 'string', value: 'DIR', description: 'with --devices: keep the probes\' traces here (<DIR>/<probe>/r1/<episode>); default a temporary folder, removed' },
    quiet: { type: 'boolean', description: 'no progress bar' },
  },
  description: `Runs every annotated task's annotation against traces that did not do the task, built offline
from its own recording: a no-op (completion declared on the first screen), seeded random agents on the
replay world of the recording, the recording cut before each annotated step, and a shortcut (am start
of the final activity: straight to the first screen that activity shows in the recording). Each is
evaluated as touchstone eval does (fixed mode, completion declared). Tasks with an install check also
get the no-op with the packages at the task's start (after its reset). Lists the tasks a trace fools,
with the items that let it pass and a suggested stronger item. With --devices the same probes run as
agents on real devices through adb (the task's reset, then the probe, recorded as touchstone run records).`,
  epilog: 'Exit 0 when no no-op, install, random or shortcut trace passes any task, 1 when one does (or the dataset is unreadable), 2 on a bad option, 130 on Ctrl-C.',
});

/** The audit on devices picked as `touchstone run --devices` picks them, followed by adb's track-devices. */
async function onDevices(which: string[] | 'all', adbServer: string | undefined, out: string | undefined, o: Parameters<typeof auditDataset>[0]): Promise<AuditReport> {
  const mgr = new DeviceManager(resolveAdbServer(adbServer));
  const devices = await mgr.pick(which);
  const watched = await mgr.watch().then(() => true, () => false);
  try {
    return await auditDevices({ ...o, devices, out, shellFor: (s) => mgr.shell(s), watchDevice: watched ? watchPresence(mgr.presence) : undefined });
  } finally {
    mgr.unwatch();
  }
}

/** `touchstone audit --dataset D [--devices S] [--json out]`. */
export async function run(argv: string[]): Promise<number> {
  const p = parseOrExit(SPEC, argv);
  if ('exit' in p) return p.exit;
  const v = p.values;
  if (!existsSync(v.dataset) || !statSync(v.dataset).isDirectory()) { console.error(`touchstone audit: Dataset folder ${v.dataset} does not exist or is not a folder.`); return 1; }
  if (v.json && !existsSync(dirname(resolve(v.json)))) { console.error(`touchstone audit: cannot write ${v.json}: the folder ${dirname(resolve(v.json))} does not exist.`); return 1; }
  const ac = new AbortController();
  const stop = (): void => ac.abort();
  process.once('SIGINT', stop);
  const bar = v.quiet ? undefined : progressBar({ label: 'audit', unit: 'tasks' });
  try {
    const common = { datasetRoot: v.dataset, seed: v.seed, randomTraces: v.random, signal: ac.signal, onProgress: (d: number, t: number, ep?: string) => bar?.progress(d, t, { message: ep ?? '' }) };
    const report = v.devices ? await onDevices(v.devices, v['adb-server'], v.out, common) : await auditDataset(common);
    bar?.stop();
    console.log(auditText(report));
    if (v.json) await writeFileAtomic(v.json, JSON.stringify(report, null, 2) + '\n');
    return report.cancelled ? 130 : report.weak.length ? 1 : 0;
  } catch (err) {
    bar?.stop();
    console.error(`touchstone audit: ${(err as Error).message}`);
    return 1;
  } finally {
    process.off('SIGINT', stop);
  }
}
