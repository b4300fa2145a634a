/**
 * The audit's probes, one table for both modes: which probes a task gets (`plans`), each built
 * offline from the recording on its replay world (`offline`) and as an agent on a device (`agent`).
 */
import { AUDIT_DEFAULTS, type AuditProbeKind } from '../../../shared/contract/audit';
import type { TraceInput } from '../../../shared/evaluation/types';
import type { Agent } from '../agents/agent';
import type { GroundTruth } from '../evaluation/load-ground-truth';
import { cutProbes, installProbe, noopProbe, randomProbe, shortcutProbe, shortcutTarget, type AuditProbe } from './audit-traces';
import { cutProbeAgent, noopProbeAgent, randomProbeAgent, shortcutProbeAgent } from './probe-agents';

/** What a task's probes are built from. */
export interface ProbeContext {
  recording: TraceInput;
  gt: GroundTruth;
  /** The episode's folder (its replay world). */
  episodeDir: string;
  seed: number;
  randomTraces: number;
  /** The packages installed at the task's start, offline (the install probe's list; see startPackages). */
  startPackages(): string[];
}

/** One probe of one task: its kind, label, and a name fit for a folder (the device run's agent name). */
export interface ProbePlan {
  kind: AuditProbeKind;
  label: string;
  name: string;
  seed?: number;
  /** The cut probe's annotated step. */
  cutAt?: number;
  /** The random probe's step limit. */
  maxSteps?: number;
}

interface ProbeRow {
  kind: AuditProbeKind;
  plans(c: ProbeContext): ProbePlan[];
  offline(p: ProbePlan, c: ProbeContext): Promise<AuditProbe | undefined>;
  agent(p: ProbePlan, c: ProbeContext): Agent;
  /** Whether the probe's trace keeps its installed-apps list (only the install probe tests install checks). */
  packages: boolean;
}

/** Whether the annotation checks installed or removed packages. */
export function hasInstallItems(gt: GroundTruth): boolean {
  return gt.states.some((s) => s.ess.items.some((i) => i.kind === 'installed' || i.kind === 'uninstalled'));
}

const randomSteps = (c: ProbeContext): number => Math.max(AUDIT_DEFAULTS.randomMaxSteps, 2 * c.recording.steps.length);

/** The table, in report order: no-op, install, random, shortcut, cuts. */
export const PROBES: readonly ProbeRow[] = [
  {
    kind: 'noop', packages: false,
    plans: () => [{ kind: 'noop', label: 'no-op', name: 'noop' }],
    offline: async (_p, c) => noopProbe(c.recording),
    agent: () => noopProbeAgent(),
  },
  {
    kind: 'install', packages: true,
    plans: (c) => (hasInstallItems(c.gt) ? [{ kind: 'install', label: 'no-op with the packages at reset', name: 'install' }] : []),
    offline: async (_p, c) => installProbe(c.recording, c.startPackages()),
    agent: () => noopProbeAgent(),
  },
  {
    kind: 'random', packages: false,
    plans: (c) => Array.from({ length: c.randomTraces }, (_, k) => ({ kind: 'random' as const, label: `random (seed ${c.seed + k})`, name: `random-${c.seed + k}`, seed: c.seed + k, maxSteps: randomSteps(c) })),
    offline: (p, c) => randomProbe(c.recording, c.episodeDir, p.seed!, p.maxSteps!),
    agent: (p) => randomProbeAgent(p.seed!, p.maxSteps!),
  },
  {
    kind: 'shortcut', packages: false,
    plans: (c) => { const t = shortcutTarget(c.recording); return t ? [{ kind: 'shortcut', label: t.label, name: 'shortcut' }] : []; },
    offline: async (_p, c) => shortcutProbe(c.recording),
    agent: (_p, c) => shortcutProbeAgent(shortcutTarget(c.recording)?.component ?? ''),
  },
  {
    kind: 'cut', packages: false,
    plans: (c) => cutProbes(c.recording, c.gt.states.map((s) => s.step)).map((p) => { const at = Number(/\d+$/.exec(p.label)![0]); return { kind: 'cut' as const, label: p.label, name: `cut-${at}`, cutAt: at }; }),
    offline: async (p, c) => cutProbes(c.recording, [p.cutAt!])[0],
    agent: (p) => cutProbeAgent(p.cutAt!),
  },
];

/** The row of a kind. */
export function probeRow(kind: AuditProbeKind): ProbeRow {
  return PROBES.find((r) => r.kind === kind)!;
}

/** Every probe of a task, in table order. */
export function planProbes(c: ProbeContext): ProbePlan[] {
  return PROBES.flatMap((r) => r.plans(c));
}
