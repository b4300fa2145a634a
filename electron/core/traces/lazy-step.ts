import type { ExecAction, Size } from '../../../shared/model';
import type { ExecStepInput } from '../../../shared/evaluation/types';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { hierarchySize } from '../../../shared/evaluation/find-counterpart';
import { readFirstHierarchy, type HierarchyRead } from '../steps/read-hierarchy';
import { readImageSize } from '../steps/image-size';
import type { ConfinedFiles } from '../../platform/confined-read';

/** Where an execution step's files are. */
export interface StepFiles {
  index: number;
  /** The action, or how to read it on first use (most steps are rejected before their action matters). */
  action: ExecAction | (() => ExecAction);
  /** Hierarchy candidates in preference order (uiautomator xml first). */
  hierarchies: string[];
  screenshot?: string;
  activityFile?: string;
  /** Activity known up front (e.g. DroidBot's foreground_activity). */
  activity?: string;
}

/**
 * An execution step whose hierarchy, screen text and screen size are read on first use (then kept).
 * Most steps are rejected by a cheap check (activity, action kind) and never parse their XML,
 * which is what makes re-evaluating thousands of traces fast. Getters keep the matchers synchronous.
 * Every file is read through `files`, the trace's confined reader: a bad file (a FIFO, a device, a
 * dangling link, a link out of the opened folders, over 64 MiB) is that check's problem, naming it.
 */
export function lazyStep(f: StepFiles, files: ConfinedFiles, onUnreadable: (sentence: string) => void = () => undefined): ExecStepInput {
  let read: HierarchyRead | undefined;
  let act: { v?: string; problem?: string } | undefined;
  let size: Size | undefined | null = null;
  let shotSize: Size | undefined | null = null;
  const vh = (): HierarchyRead => {
    if (read) return read;
    read = f.hierarchies.length ? readFirstHierarchy(f.hierarchies, files, { lazyAttrs: true }) : { ok: false, file: '', problem: `Execution step ${f.index} has no hierarchy file.` };
    if (!read.ok && read.unreadable) onUnreadable(read.unreadable);
    return read;
  };
  const activity = (): { v?: string; problem?: string } => {
    if (act) return act;
    if (f.activity !== undefined) return (act = { v: f.activity });
    if (!f.activityFile) return (act = { problem: `Execution step ${f.index} has no activity file.` });
    try {
      const v = files.text(f.activityFile);
      return (act = v === undefined ? { problem: `Activity file ${f.activityFile} is missing.` } : { v: v.trim() });
    } catch (err) {
      onUnreadable((err as Error).message);
      return (act = { problem: (err as Error).message });
    }
  };
  let text: string | undefined | null = null;
  let action = typeof f.action === 'function' ? undefined : f.action;
  const readAction = f.action;
  return {
    index: f.index,
    get action() { return (action ??= typeof readAction === 'function' ? readAction() : readAction); },
    screenshot: f.screenshot,
    get activity() { return activity().v; },
    get activityProblem() { return activity().problem; },
    get hierarchy() { const r = vh(); return r.ok ? r.vh : undefined; },
    get hierarchyProblem() { const r = vh(); return r.ok ? undefined : r.problem; },
    get hierarchyFile() { return vh().file || undefined; },
    get screenText() {
      if (text === null) { const r = vh(); text = r.ok ? simplifyScreen(r.vh) : undefined; }
      return text;
    },
    get screenshotSize() {
      if (shotSize === null) shotSize = f.screenshot ? readImageSize(f.screenshot, files) : undefined;
      return shotSize;
    },
    get screenSize() {
      if (size === null) {
        size = this.screenshotSize;
        if (!size) { const r = vh(); size = r.ok ? hierarchySize(r.vh) : undefined; }
      }
      return size;
    },
  };
}
