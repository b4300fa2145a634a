// The boundary rules of eslint.config.js, checked against code that breaks each one.
import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint keeps the architecture boundaries', () => {
  it.each([
    ['shared/x.ts', "import { readFileSync } from 'node:fs'; export const r = readFileSync;", /no-restricted-imports/],
    ['shared/x.ts', "import path from 'path'; export const p = path;", /no-restricted-imports/],
    ['shared/x.ts', "import React from 'react'; export const R = React;", /no-restricted-imports/],
    ['shared/x.ts', "import Konva from 'konva'; export const K = Konva;", /no-restricted-imports/],
    ['shared/x.ts', "export const f = () => import('node:fs');", /shared\/ stays pure/],
    ['electron/core/x.ts', "import { app } from 'electron'; export const a = app;", /Only electron\/main.ts/],
    ['renderer/x.ts', "export const g = () => require('electron');", /may load 'electron'/],
    ['renderer/features/x.tsx', "import { startServer } from '../../electron/server'; export const s = startServer;", /renderer imports nothing from electron\//],
    ['renderer/x.ts', "import type { AppService } from '../electron/app'; export type A = AppService;", /renderer imports nothing from electron\//],
    ['renderer/store/x.ts', "import { readFileSync } from 'node:fs'; export const r = readFileSync;", /renderer imports nothing from node/],
    ['renderer/x.ts', "import path from 'path'; export const p = path;", /renderer imports nothing from node/],
    ['renderer/x.ts', "export const f = () => import('node:fs');", /loads nothing from node or electron/],
    ['renderer/x.ts', "export const f = () => import('../electron/server');", /loads nothing from node or electron/],
    ['renderer/x.ts', "declare const ipcRenderer: { invoke(c: string): void }; ipcRenderer.invoke('x');", /raw ipcRenderer/],
    ['electron/core/x.ts', "declare const ipcMain: { handle(c: string): void }; ipcMain.handle('x');", /raw ipcMain/],
    ['electron/core/x.ts', Array.from({ length: 401 }, (_, i) => `export const v${i} = ${i};`).join('\n'), /max-lines/],
    ['electron/core/datasets/x.ts', "import { readFile } from 'node:fs/promises'; export const r = readFile;", /confined-read/],
    ['electron/core/datasets/x.ts', "import { readdirSync } from 'fs'; export const r = readdirSync;", /confined-read/],
    ['electron/core/datasets/x.ts', "import * as fs from 'node:fs'; export const r = fs;", /confined-read/],
    ['electron/core/datasets/x.ts', "import fs from 'node:fs'; export const r = fs.readFileSync;", /confined-read/],
    ['electron/core/app/x.ts', "import { stat } from 'node:fs/promises'; export const r = stat;", /confined-read/],
    ['electron/core/app/x.ts', "export const f = () => import('node:fs/promises');", /confined-read/],
    ['electron/core/datasets/x.ts', "import { app } from 'electron'; export const a = app;", /Only electron\/main.ts/],
    // Layers: shared < platform < kernel < core < cli/transports/app; virtual-device imports platform only.
    ['electron/virtual-device/x.ts', "import { loadEpisode } from '../core/datasets/load-episode'; export const l = loadEpisode;", /Layering: virtual-device .* may not import core/],
    ['electron/virtual-device/world/x.ts', "import type { AppContext } from '../../kernel/context'; export type C = AppContext;", /Layering: virtual-device .* may not import kernel/],
    ['electron/platform/x.ts', "import { AppError } from '../kernel/errors'; export const e = AppError;", /Layering: platform .* may not import kernel/],
    ['electron/kernel/x.ts', "export const f = () => import('../core/datasets/load-episode');", /Layering: kernel .* may not import core/],
    ['electron/core/runner/x.ts', "import { startServer } from '../../server'; export const s = startServer;", /Layering: core .* may not import top/],
    // A probe cycle: roots.ts as if it imported confined-read.ts, which imports roots.ts.
    ['electron/platform/roots.ts', "import { readTextIn } from './confined-read'; export const r = readTextIn;", /Import cycle: electron\/platform\/roots.ts -> electron\/platform\/confined-read.ts -> electron\/platform\/roots.ts/],
    // A probe folder cycle: evaluation imports judge at run time; judge importing evaluation back closes the loop.
    ['electron/core/judge/x.ts', "import { runEvaluation } from '../evaluation/run-evaluation'; export const r = runEvaluation;", /Folder cycle: core\/judge -> core\/evaluation \(here\), and back: electron\/core\/evaluation\/.* -> electron\/core\/judge\//],
    // A probe renderer folder cycle: the annotation view imports the episode layout; the episode folder importing annotate back closes the loop.
    ['renderer/features/episode/x.ts', "import { EssEditor } from '../annotate/EssEditor'; export const e = EssEditor;", /Folder cycle: renderer\/features\/episode -> renderer\/features\/annotate \(here\), and back: renderer\/features\/annotate\/.* -> renderer\/features\/episode\//],
    // Issue 28: the evaluator, the step reader and every other domain read user data through the confined reader too.
    ['electron/core/evaluation/x.ts', "import { readFileSync } from 'node:fs'; export const r = readFileSync;", /confined-read/],
    ['electron/core/evaluation/x.ts', "import { readdirSync, statSync } from 'node:fs'; export const r = [readdirSync, statSync];", /confined-read/],
    ['electron/core/steps/x.ts', "import { openSync } from 'node:fs'; export const r = openSync;", /confined-read/],
    ['electron/core/judge/x.ts', "import { readFile } from 'node:fs/promises'; export const r = readFile;", /confined-read/],
    ['electron/core/runner/x.ts', "export const f = () => import('node:fs');", /confined-read/],
  ])('%s: %s is refused', async (file, code, expected) => {
    expect((await messages(file, code)).join('\n')).toMatch(expected);
  });

  it.each([
    ['electron/main.ts', "import { app } from 'electron'; export const a = app;"],
    ['electron/platform/x.ts', "import { readFileSync } from 'node:fs'; export const r = readFileSync;"],
    ['electron/core/evaluation/x.ts', "import { mkdtempSync, symlinkSync } from 'node:fs'; export const w = [mkdtempSync, symlinkSync];"],
    ['electron/core/evaluation/result-cache.ts', "import { readFileSync } from 'node:fs'; export const r = readFileSync;"],
    ['electron/core/datasets/x.ts', "import { mkdir } from 'node:fs/promises'; export const m = mkdir;"],
    ['electron/core/datasets/testing/x.ts', "import { readFile } from 'node:fs/promises'; export const r = readFile;"],
    ['shared/x.test.ts', "import { readFileSync } from 'node:fs'; export const r = readFileSync;"],
    ['renderer/x.ts', "import { createClient } from './api/client'; import type { CallName } from '../shared/contract'; export const c = createClient; export type N = CallName;"],
    ['renderer/x.ts', "import { electronish } from './electronish'; export const e = electronish;"],
    ['renderer/store/x.test.ts', "import { readFileSync } from 'node:fs'; import { startServer } from '../../electron/server'; export const r = [readFileSync, startServer];"],
    ['renderer/api/testing/x.ts', "import { startServer } from '../../../electron/server'; export const s = startServer;"],
    ['electron/virtual-device/x.ts', "import { writeFileAtomic } from '../platform/atomic-write'; export const w = writeFileAtomic;"],
    ['electron/core/runner/x.ts', "import { AppError } from '../../kernel/errors'; import { writeFileAtomic } from '../../platform/atomic-write'; export const e = [AppError, writeFileAtomic];"],
    ['electron/core/judge/x.ts', "import type { EpisodeOutcome } from '../evaluation/episode-evaluator'; export type O = EpisodeOutcome;"],
    ['electron/platform/roots.ts', "import type { ReadLimits } from './confined-read'; export type R = ReadLimits;"],
    ['electron/core/x.test.ts', Array.from({ length: 401 }, (_, i) => `export const v${i} = ${i};`).join('\n')],
  ])('%s: allowed code passes', async (file, code) => {
    expect(await messages(file, code)).toEqual([]);
  });
});
