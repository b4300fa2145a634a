import type { CommandIO } from '../types';

/** Prints `cmd: path: message` on stderr, as toybox does; returns exit status 1. */
export const fsErr = (io: CommandIO, path: string, msg: string): number => {
  io.err(`${io.args[0]}: ${path}: ${msg}\n`);
  return 1;
};

/** Leading `-abc` flags (split into letters) and the operands after them. */
export function flagsAndOperands(args: string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of args) {
    if (a.length > 1 && a.startsWith('-') && operands.length === 0) for (const ch of a.slice(1)) flags.add(ch);
    else operands.push(a);
  }
  return { flags, operands };
}
