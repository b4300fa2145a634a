/**
 * The compatibility suite's shape: a session is the adb command sequence one agent framework sends, read
 * from its public code, with that framework's own parsing rules re-implemented (not copied) to show its
 * parsers succeed on the virtual device. Adding a framework is one file in sessions/ exporting a
 * `CompatSession` as default; compat.test.ts replays every file against a fresh device through the real adb.
 */

/** What a command gave: stdout bytes (screencap), stderr text, exit status of the adb process. */
export interface StepOutput { stdout: Buffer; text: string; stderr: string; code: number }

export interface SessionContext {
  serial: string;
  /** The private adb server's port (frameworks that pass `-P`). */
  adbPort: number;
  /** A host folder for pulled files. */
  tmp: string;
  /** Values earlier steps saved (`save`). */
  vars: Record<string, unknown>;
}

export interface CompatStep {
  /** The framework's function this command comes from, e.g. `shell.py window_size()`. */
  what: string;
  /** adb's argv after the framework's prefix (default prefix `-s SERIAL`), exactly as the framework builds it. */
  adb?: string[] | ((ctx: SessionContext) => string[]);
  /** Or a command line run by /bin/sh (frameworks that use `subprocess(..., shell=True)`); `{serial}` is replaced. */
  sh?: string | ((ctx: SessionContext) => string);
  /** The framework's parser over the output: returns what it extracts, throws where it would fail. */
  parse?: (out: StepOutput, ctx: SessionContext) => unknown;
  /** What the parse must give (compared with toEqual); RegExps match string results. */
  expect?: unknown;
  /** Store the parsed value under this name for later steps. */
  save?: string;
  /** Exit status the framework requires (default 0: every framework here treats non-zero as a failure). */
  code?: number;
}

export interface CompatSession {
  framework: string;
  /** Where the command sequence and the parsing rules were read (repository, path, functions). */
  source: string;
  /** adb's arguments before the step's own (default: `-s SERIAL`). */
  prefix?: (ctx: SessionContext) => string[];
  steps: CompatStep[];
}

/** Fails like a Python parser does when a regex finds nothing (`m.group` on None, `int('')`). */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`parser would fail: ${what}`);
  return value;
}

/** Python's `str.split()` with no argument. */
export const pySplit = (s: string): string[] => s.split(/\s+/).filter(Boolean);
