// Lint keeps the architecture's boundaries (see README "Layout").
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'worker_threads', 'net', 'http', 'crypto', 'stream', 'url', 'zlib'];

const ipcRules = [
  { selector: "MemberExpression[object.name='ipcRenderer']", message: 'Use the typed contract client, not raw ipcRenderer.' },
  { selector: "MemberExpression[object.name='ipcMain']", message: 'Register handlers through electron/ipc.ts, not raw ipcMain.' },
];
const electronDynamic = {
  selector: "ImportExpression[source.value='electron'], CallExpression[callee.name='require'][arguments.0.value='electron']",
  message: "Only electron/main.ts, preload.ts and ipc.ts may load 'electron'.",
};
const sharedDynamic = {
  selector: "ImportExpression[source.value=/^(node:|electron|react|konva|fs$|path$|os$|child_process|worker_threads)/], CallExpression[callee.name='require']",
  message: 'shared/ stays pure: no dynamic imports of node, electron, react or konva, no require.',
};

const rendererDynamic = {
  selector: "ImportExpression[source.value=/^(node:|fs$|path$|os$|child_process|worker_threads|(\\.\\.?\\/)+(\\.\\.\\/)*electron\\/)/], CallExpression[callee.name='require']",
  message: 'The renderer loads nothing from node or electron/ at run time either (no dynamic import, no require).',
};

// The core's domains, kernel/ and app.ts read user data only through electron/platform/confined-read.ts (async
// readTextIn/listIn/statIn, sync ConfinedFiles), which confines every path to the opened roots, opens non-blocking
// and caps the size; a raw fs read there could follow `join(dir, name)` anywhere, or hang on a FIFO.
const fsReads = ['default', 'readFile', 'readFileSync', 'readdir', 'readdirSync', 'open', 'openSync', 'opendir', 'opendirSync',
  'stat', 'statSync', 'lstat', 'lstatSync', 'existsSync', 'access', 'accessSync', 'createReadStream', 'readlink', 'readlinkSync',
  'realpath', 'realpathSync', 'cp', 'cpSync', 'copyFile', 'copyFileSync', 'watch', 'promises'];
const confinedMessage = 'Read user data through electron/platform/confined-read.ts (readTextIn, readHeadIn, listIn, statIn; ConfinedFiles for synchronous reads), which refuses paths outside the opened roots.';
const confinedReads = {
  selector: "ImportExpression[source.value=/^(node:)?fs(\\/promises)?$/], CallExpression[callee.name='require'][arguments.0.value=/^(node:)?fs(\\/promises)?$/]",
  message: confinedMessage,
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'out/**', 'release/**', 'coverage/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: "Only electron/main.ts, preload.ts and ipc.ts may import 'electron'." }],
      }],
      'no-restricted-syntax': ['error', ...ipcRules, electronDynamic],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'shared/ stays pure.' }],
        patterns: [
          { group: [...nodeBuiltins, 'react', 'react-*', 'konva', 'electron', 'electron/*'], message: 'shared/ imports nothing from electron, react, konva or node:*.' },
        ],
      }],
      'no-restricted-syntax': ['error', ...ipcRules, electronDynamic, sharedDynamic],
    },
  },
  {
    // The UI runs in a sandboxed page: it reaches the core only through the typed client (renderer/api).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.{ts,tsx}', 'renderer/**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer imports nothing from electron; use the typed client (renderer/api).' }],
        patterns: [
          { regex: '(^|/)electron(/|$)', message: 'The renderer imports nothing from electron/ (the core); call it through the typed client (renderer/api).' },
          { group: nodeBuiltins, message: 'The renderer imports nothing from node: it runs in a browser page; ask the core through the typed client.' },
        ],
      }],
      'no-restricted-syntax': ['error', ...ipcRules, electronDynamic, rendererDynamic],
    },
  },
  {
    // Every domain of the core reads user data (datasets, traces, labels, configs, worlds) only through the confined reader.
    files: ['electron/core/**/*.ts', 'electron/kernel/**/*.ts', 'electron/app.ts'],
    ignores: [
      // Test helpers build fixtures.
      '**/*.test.ts', '**/testing/**',
      // App-owned state, caches and shipped files, never a user's folder: the recent list, evaluation and
      // result caches, the judge's answer cache and endpoint settings, the key store, embedding caches.
      'electron/kernel/recent-store.ts', 'electron/core/evaluation/eval-cache.ts', 'electron/core/evaluation/result-cache.ts',
      'electron/core/judge/judge-cache.ts', 'electron/core/judge/judge-endpoint.ts', 'electron/core/secrets/secret-store.ts',
      'electron/core/models/embedding-cache-file.ts',
      // Model files of installed packages and the Android SDK / emulator's own files on this machine.
      'electron/core/models/onnx-embedder.ts', 'electron/core/models/wordpiece-tokenizer.ts', 'electron/core/models/use-lite.ts',
      'electron/core/models/ocr.ts', 'electron/core/devices/android-sdk.ts', 'electron/core/devices/emulator-console.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'electron', message: "Only electron/main.ts, preload.ts and ipc.ts may import 'electron'." },
          ...['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({ name, importNames: fsReads, message: confinedMessage })),
        ],
      }],
      'no-restricted-syntax': ['error', ...ipcRules, electronDynamic, confinedReads],
    },
  },
  {
    // Layers (shared < platform < kernel < core < cli/transports/app) and no import cycles: scripts/eslint-layers.mjs.
    files: ['electron/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { touchstone: layers },
    rules: { 'touchstone/layers': 'error', 'touchstone/no-cycle': 'error', 'touchstone/no-folder-cycle': 'error' },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/ipc.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { 'max-lines': 'off' },
  },
);
