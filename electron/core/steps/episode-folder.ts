import { posix } from 'node:path';
import type { EpisodeStepFiles, EssentialState, GtAction, NumberedComponent, Problem, Size, ViewHierarchy } from '../../../shared/model';
import { parseComponentsJson } from '../../../shared/formats/components-json';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { numberComponents } from '../../../shared/formats/number-components';
import { parseEss } from '../../../shared/formats/ess';
import { parseEventStructs } from '../../../shared/formats/event-structs';
import { ConfinedFiles } from '../../platform/confined-read';
import { readImageSize } from './image-size';

const STEP_FILE = /^(\d+)(?:\.(png|xml|vh|activity|json|ess)|(_drawed)\.png)$/;
const NO_FILES: EpisodeStepFiles = { png: false, xml: false, vh: false, activity: false, json: false, ess: false, drawed: false };

/** Which per-step files a folder listing holds, by step index (sorted). */
export function stepFilesOf(names: readonly string[]): Map<number, EpisodeStepFiles> {
  const steps = new Map<number, EpisodeStepFiles>();
  for (const name of names) {
    const m = STEP_FILE.exec(name);
    if (!m) continue;
    const i = Number(m[1]);
    let f = steps.get(i);
    if (!f) steps.set(i, (f = { ...NO_FILES }));
    if (m[3]) f.drawed = true;
    else f[m[2] as keyof EpisodeStepFiles] = true;
  }
  return new Map([...steps.entries()].sort((a, b) => a[0] - b[0]));
}

/** Number of steps implied by the files: highest step index + 1 (0 when none). */
export function stepCount(steps: Map<number, EpisodeStepFiles>): number {
  let max = -1;
  for (const i of steps.keys()) max = Math.max(max, i);
  return max + 1;
}

/** A value read from a step file with the problems found (located: file, step, line). */
export interface Read<T> { value?: T; problems: Problem[] }

const atStep = (ps: Problem[], step: number): Problem[] => ps.map((p) => ({ ...p, step }));

/**
 * The one reader of a ground-truth episode folder's files (`i.png/.xml/.vh/.json/.activity/.ess`,
 * eventStructs.txt, instruction.txt), used by the dataset layer (the dataset window, checks) and by
 * the evaluator. Synchronous and lazy: each file is read when first asked for. Problems name the
 * file as `relPath/name` (root-relative, as the UI shows them).
 *
 * `resolve(rel)` maps a root-relative path to the absolute path to open: the dataset layer passes
 * its root guard, the evaluator a plain join. Every read goes through `files`, the confined reader
 * (by default confined to `root`; the evaluator's also admits the traces folder and --follow-links).
 */
export class EpisodeFolder {
  private listing?: Map<number, EpisodeStepFiles>;

  constructor(
    readonly root: string,
    readonly relPath: string,
    private readonly resolve: (rel: string) => string = (rel) => posix.join(root.split('\\').join('/'), rel),
    private readonly reader: ConfinedFiles = new ConfinedFiles({ roots: [root] }),
  ) {}

  /** Root-relative path of a file of this episode, forward slashes. */
  rel(name: string): string {
    return posix.join(this.relPath.split('\\').join('/'), name);
  }

  path(name: string): string {
    return this.resolve(this.rel(name));
  }

  /** Per-step files present (listed once); throws an Error naming the folder when it cannot be listed. */
  files(): Map<number, EpisodeStepFiles> {
    if (!this.listing) {
      let names: string[];
      try {
        const dir = this.resolve(this.relPath || '.');
        if (this.reader.realDir(dir) === null) throw new Error(`${dir} does not exist`);
        names = this.reader.list(dir);
      } catch (err) {
        throw new Error(`Episode folder ${this.relPath} cannot be read (${(err as Error).message}). Check the index path or restore the folder.`, { cause: err });
      }
      this.listing = stepFilesOf(names);
    }
    return this.listing;
  }

  stepFiles(step: number): EpisodeStepFiles {
    return this.files().get(step) ?? NO_FILES;
  }

  stepCount(): number {
    return stepCount(this.files());
  }

  /** A text file of the episode; undefined when absent; an unreadable one is a located problem. */
  text(name: string, step?: number): Read<string> {
    try {
      return { value: this.reader.text(this.path(name)), problems: [] };
    } catch (err) {
      return { problems: [{ severity: 'error', file: this.rel(name), ...(step !== undefined ? { step } : {}), message: (err as Error).message, hint: 'Restore the file from a backup or re-record the step.' }] };
    }
  }

  /** `i.activity`, trimmed. */
  activity(step: number): Read<string> {
    const r = this.text(`${step}.activity`, step);
    return r.value === undefined ? r : { value: r.value.trim(), problems: r.problems };
  }

  /** `i.ess` parsed; `text` keeps the raw line when it does not parse (never silently dropped). */
  ess(step: number): Read<EssentialState> & { text?: string } {
    const r = this.text(`${step}.ess`, step);
    if (r.value === undefined) return { problems: r.problems };
    const p = parseEss(r.value, this.rel(`${step}.ess`));
    return p.ok ? { value: p.value, problems: atStep(p.warnings, step) } : { text: r.value, problems: atStep(p.problems, step) };
  }

  /**
   * The step's hierarchy, preferring `i.vh` (what upstream numbered) over `i.xml`; problems instead of
   * throwing when both are missing or bad. `lazyAttrs` as readHierarchyFile.
   */
  hierarchy(step: number, opts: { lazyAttrs?: boolean } = {}): Read<ViewHierarchy> {
    const problems: Problem[] = [];
    for (const ext of ['vh', 'xml'] as const) {
      const name = `${step}.${ext}`;
      const r = this.text(name, step);
      problems.push(...r.problems);
      if (r.value === undefined) continue;
      const rel = this.rel(name);
      const p = ext === 'vh' ? parseDroidbotVh(r.value, rel, { lazyAttrs: opts.lazyAttrs ?? false }) : parseUiautomatorXml(r.value, rel);
      if (p.ok) return { value: p.value, problems: atStep([...problems, ...p.warnings], step) };
      problems.push(...p.problems);
    }
    if (!problems.length) problems.push({ severity: 'error', file: this.rel(`${step}.xml`), message: `Step ${step} has neither ${step}.vh nor ${step}.xml.`, hint: 'Restore the view hierarchy of this screen.' });
    return { problems: atStep(problems, step) };
  }

  /**
   * The numbered components: `i.json` when present (the source of truth annotations point into),
   * else numbered from the hierarchy (`derived`, with that hierarchy in `vh`).
   */
  components(step: number): Read<NumberedComponent[]> & { derived: boolean; vh?: ViewHierarchy } {
    const r = this.text(`${step}.json`, step);
    if (r.problems.length) return { problems: r.problems, derived: false };
    if (r.value !== undefined) {
      const p = parseComponentsJson(r.value, this.rel(`${step}.json`));
      return p.ok ? { value: p.value, derived: false, problems: atStep(p.warnings, step) } : { derived: false, problems: atStep(p.problems, step) };
    }
    const h = this.hierarchy(step);
    return { ...(h.value ? { value: numberComponents(h.value), vh: h.value } : {}), derived: true, problems: h.problems };
  }

  /** Screenshot size from the PNG header (no decoding). */
  screenSize(step: number): Size | undefined {
    return readImageSize(this.path(`${step}.png`), this.reader);
  }

  /** `eventStructs.txt`: the ground-truth actions (undefined value when the file is absent). */
  actions(): Read<GtAction[]> {
    const r = this.text('eventStructs.txt');
    if (r.value === undefined) return { problems: r.problems };
    const p = parseEventStructs(r.value, this.rel('eventStructs.txt'));
    return p.ok ? { value: p.value, problems: p.warnings } : { problems: p.problems };
  }

  /** `instruction.txt`: line 1 is the episode id, the rest the instruction. */
  instruction(): Read<{ id?: string; instruction?: string }> {
    const r = this.text('instruction.txt');
    if (r.value === undefined) return { problems: r.problems };
    const lines = r.value.split('\n').map((l) => l.replace(/\r$/, ''));
    return { value: { id: lines[0]?.trim() || undefined, ...(lines.length > 1 ? { instruction: lines.slice(1).join('\n').trim() } : {}) }, problems: [] };
  }
}
