import { ConfinedFiles } from '../../platform/confined-read';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { GtAction, NumberedComponent, TaskIndex, ViewHierarchy } from '../../../shared/model';
import { numberComponents } from '../../../shared/formats/number-components';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { formatProblem } from '../../../shared/model';
import type { DeviceCapture } from '../capture/capture';
import { toGtAction, type DeviceAction } from '../../../shared/kinds/actions';
import { toDroidbotVh } from '../capture/droidbot-vh';
import { performAction } from '../capture/perform-action';
import { readTaskIndex, writeEpisodeStep, writeEventStructs, writeInstruction, writeTaskIndex } from '../datasets/write-dataset';

/** What a recorded screen looks like, for whoever drives the recording (stdin commands, the demo script, the run view). */
export interface RecordedScreen {
  step: number;
  xml: string;
  vh: ViewHierarchy;
  components: NumberedComponent[];
  activity: string;
}

/**
 * What is wrong with a task description, or null: it becomes one field of the tab-separated index and the
 * second line of instruction.txt, so it must be one line without tabs. Checked before a recording starts,
 * so a demonstration is never recorded only to be refused at save.
 */
export function descriptionProblem(description: string): string | null {
  const bad = /\t/.test(description) ? 'a tab' : /[\r\n]/.test(description) ? 'a line break' : null;
  return bad ? `The task description holds ${bad}; it must be one line without tabs (it is a column of the tab-separated index llamatouch_task_metadata.tsv).` : null;
}

export interface GroundTruthEpisode {
  /** Dataset root (created when missing). */
  root: string;
  episode: string;
  category: string;
  description: string;
  app: string;
}

/**
 * Records a human (or scripted) demonstration as a new ground-truth episode in
 * the dataset format: per screen `i.png`, `i.xml`, `i.vh`, `i.activity`, a
 * numbered `i.json`; `eventStructs.txt` (line i = the action on screen i),
 * `instruction.txt` and the index row. Each file is written atomically as the
 * screen is captured, so an interrupted recording keeps what it had.
 */
export class GroundTruthRecorder {
  private readonly actions: GtAction[] = [];
  private step = 0;
  readonly relPath: string;

  constructor(private readonly capture: DeviceCapture, readonly ep: GroundTruthEpisode) {
    const problem = descriptionProblem(ep.description);
    if (problem) throw new Error(problem);
    this.relPath = `${ep.category}/trace_${ep.episode.replace(/[^\w.-]/g, '_')}`;
  }

  get steps(): number { return this.step; }

  /** Captures the current (stable) screen as the next step and returns it. */
  async captureScreen(): Promise<RecordedScreen> {
    await mkdir(join(this.ep.root, this.relPath), { recursive: true });
    const { png } = await this.capture.waitStable();
    const { xml } = await this.capture.hierarchy();
    const activity = await this.capture.activity();
    const parsed = parseUiautomatorXml(xml, `step ${this.step}`);
    if (!parsed.ok) throw new Error(`Step ${this.step}: the device's hierarchy could not be parsed: ${parsed.problems.map(formatProblem).join('; ')}`);
    const components = numberComponents(parsed.value);
    await writeEpisodeStep(this.ep.root, this.relPath, this.step, { png, xml, vh: toDroidbotVh(parsed.value), activity, json: components });
    return { step: this.step++, xml, vh: parsed.value, components, activity };
  }

  /** Performs an action on the screen captured last and records it as that screen's line of eventStructs.txt. */
  async act(action: DeviceAction): Promise<void> {
    if (this.actions.length !== this.step - 1) throw new Error('Capture the screen before acting on it.');
    const gt = toGtAction(action, await this.capture.screenSize());
    if (!gt) throw new Error(`"${action.kind}" cannot be recorded in eventStructs.txt; use tap, long press, swipe, type, back, home or enter.`);
    await performAction(this.capture.shell, action);
    this.actions.push(gt);
    await writeEventStructs(this.ep.root, this.relPath, this.actions);
  }

  /**
   * Drops the last action and the screen it led to (that screen's files and its eventStructs.txt line), so the
   * screen before it is the last one again; returns the dropped action. The device itself is left as it is.
   */
  async undo(): Promise<GtAction> {
    if (this.actions.length === 0 || this.actions.length !== this.step - 1) throw new Error('There is no recorded action to undo.');
    const dropped = this.actions.pop()!;
    this.step--;
    const dir = join(this.ep.root, this.relPath);
    for (const ext of ['png', 'xml', 'vh', 'activity', 'json', 'ess']) await rm(join(dir, `${this.step}.${ext}`), { force: true });
    await writeEventStructs(this.ep.root, this.relPath, this.actions);
    return dropped;
  }

  /** Writes instruction.txt and adds (or replaces) the episode's row in llamatouch_task_metadata.tsv. */
  async finish(): Promise<string> {
    await writeEventStructs(this.ep.root, this.relPath, this.actions);
    await writeInstruction(this.ep.root, this.relPath, this.ep.episode, this.ep.description);
    await upsertIndexRow(this.ep.root, { episode: this.ep.episode, category: this.ep.category, path: this.relPath, description: this.ep.description, nsteps: this.step, app: this.ep.app, line: 0 });
    return this.relPath;
  }
}

/** Adds a row to the dataset's index (creating the index when missing), replacing one with the same episode id. */
export async function upsertIndexRow(root: string, row: TaskIndex['rows'][number]): Promise<void> {
  let index: TaskIndex = { columns: 6, header: ['episode', 'category', 'path', 'description', 'nsteps', 'app'], rows: [], eol: '\n', trailingNewline: true };
  if (ConfinedFiles.of(undefined, root).exists(join(root, 'llamatouch_task_metadata.tsv'))) {
    const r = await readTaskIndex(root);
    if (!r.ok) throw new Error(`Cannot add ${row.episode} to the index: ${r.problems.map(formatProblem).join('; ')}`);
    index = r.value;
  }
  const problem = descriptionProblem(row.description);
  if (problem) throw new Error(problem);
  const at = index.rows.findIndex((r) => r.episode === row.episode);
  if (at >= 0) index.rows[at] = row; else index.rows.push(row);
  await writeTaskIndex(root, index);
}
