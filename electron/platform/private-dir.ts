/**
 * Folders of the app's own state (recent list, stored keys, judge settings, caches of answers and results):
 * created readable by this user only (0700), since what they hold (dataset paths, endpoint answers) is no
 * one else's business on a shared machine. An existing folder keeps its mode.
 */
import { mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';

const PRIVATE = 0o700;

/** `mkdir -p` with every folder it creates 0700. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE });
}

/** The synchronous form, for writers that are synchronous already. */
export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE });
}
