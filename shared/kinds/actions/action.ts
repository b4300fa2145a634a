/**
 * The one action model: what an agent, a person on the mirrored screen, a
 * recording or a trace asks a device to do, in device pixels. Every other
 * form (the execution-trace line, the ground-truth `eventStructs.txt` line,
 * the AITW match form, AITW action strings) converts to and from this one in
 * this folder, and `describeAction` labels it.
 */
import type { ExecAction } from '../../model';

/** What a person does on the mirrored screen (device pixels); the recorder and `device:input` take it. */
export type DeviceInput =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'long-press'; x: number; y: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs?: number }
  | { kind: 'type'; text: string }
  | { kind: 'back' }
  | { kind: 'home' }
  | { kind: 'enter' };

/**
 * An action in device pixels. `complete` and `impossible` end an episode
 * without touching the device; `app-switch` and `unknown` come only from
 * recordings (the runner performs neither).
 */
export type Action =
  /** What a person can do on the mirrored screen, too. */
  | DeviceInput
  | { kind: 'launch'; pkg: string }
  /** An API action: one whitelisted adb shell command (shared/evaluation/checkpoints/api-command.ts), as recorded (`adb shell ...`). */
  | { kind: 'api'; command: string }
  | { kind: 'complete' }
  | { kind: 'impossible' }
  /** A reply the agent gave that is no action (malformed tool call): recorded as a step that touches nothing. */
  | { kind: 'invalid'; reason: string }
  /** The recents key of a recording. */
  | { kind: 'app-switch' }
  /** A recorded line no kind fits, kept verbatim. */
  | { kind: 'unknown'; raw: string };

/** An action an agent hands the runner; `line` is the execution-trace line its own format gives, when it gives one. */
export type DeviceAction = Action & {
  /**
   * The trace line as the agent's own format records it (AITW strings: the
   * agent's normalised numbers, as LlamaTouch's recorder writes them), used
   * instead of one computed from the device pixels when the screen is the same.
   */
  line?: ExecAction;
};
