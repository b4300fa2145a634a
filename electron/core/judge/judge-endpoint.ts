/**
 * The judge's endpoint as set in the app (evaluation view, "Judge endpoint"): base URL and models in
 * `<state>/judge-endpoint.json` (atomic writes), the key in the key store the run form uses, by name.
 * What is not set here comes from TOUCHSTONE_LLM_* of the process, as before. Nothing here returns a key.
 */
import { readFile, unlink } from 'node:fs/promises';
import { makePrivateDir } from '../../platform/private-dir';
import { join } from 'node:path';
import type { JudgeEndpointEdit, JudgeEndpointView, JudgeSettingSource } from '../../../shared/contract/evaluation';
import { AppError } from '../../kernel/errors';
import { writeFileAtomic } from '../../platform/atomic-write';
import { serialised } from '../../platform/serial-queue';
import { checkSecretName, SecretError, type SecretStore } from '../secrets/secret-store';
import type { JUDGE_FLAGS } from './judge-config';

export const JUDGE_ENDPOINT_FILE = 'judge-endpoint.json';
const FORMAT = 'touchstone-judge-endpoint/1';
/** The key's name in the key store when the panel does not give one. */
export const DEFAULT_KEY_NAME = 'judge';

interface Saved { baseURL: string; models: string[]; keyName: string | null }
type Env = Record<string, string | undefined>;
type Flags = Partial<Record<(typeof JUDGE_FLAGS)[number], string>>;

const bad = (msg: string): AppError => new AppError('bad-request', msg);

/** Base URL: http(s) only. */
export function checkBaseURL(v: unknown): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw bad('Base URL: enter the endpoint of an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1.');
  let u: URL;
  try { u = new URL(s); } catch { throw bad(`Base URL: "${s.slice(0, 200)}" is not a URL; enter one like http://127.0.0.1:8000/v1 or https://api.openai.com/v1.`); }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad(`Base URL must start with http:// or https://; got ${u.protocol}//. Enter the server's address, e.g. http://127.0.0.1:8000/v1.`);
  if (u.username || u.password) throw bad('Base URL: leave the user and password out of the URL; put the key in the API key field.');
  return s;
}

/** Models: one, or two different ones for cross-validation (as `--llm-model M,M2`). */
export function checkModels(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  const models = list.map((m) => (typeof m === 'string' ? m.trim() : '')).filter(Boolean);
  if (!models.length) throw bad('Model: enter a model name (two, comma-separated, for cross-validation).');
  if (models.length > 2 || new Set(models).size !== models.length) throw bad(`Model: give one model, or two different ones for cross-validation; got "${models.join(', ').slice(0, 200)}".`);
  if (models.some((m) => m.length > 200 || /[\r\n]/.test(m))) throw bad('Model: a model name is one line of at most 200 characters.');
  return models;
}

const envModels = (env: Env): string[] => (env.TOUCHSTONE_LLM_MODEL ?? '').split(',').map((m) => m.trim()).filter(Boolean);

export class JudgeEndpointSettings {
  readonly file: string;

  constructor(private readonly stateDir: string, private readonly store: SecretStore, private readonly env: () => Env = () => process.env) {
    this.file = join(stateDir, JUDGE_ENDPOINT_FILE);
  }

  /** The saved settings, or null when none are saved. */
  async saved(): Promise<Saved | null> {
    let text: string;
    try { text = await readFile(this.file, 'utf8'); } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new AppError('internal', `Cannot read ${this.file}: ${(err as Error).message}`);
    }
    let s: Partial<Saved> & { format?: string };
    try { s = JSON.parse(text) as typeof s; } catch (err) {
      throw new AppError('internal', `${this.file} is not valid JSON (${(err as Error).message}); delete it or save the judge endpoint again.`);
    }
    if (s?.format !== FORMAT || typeof s.baseURL !== 'string' || !Array.isArray(s.models)) {
      throw new AppError('internal', `${this.file} is not a Touchstone judge endpoint file (format ${FORMAT}); delete it or save the judge endpoint again.`);
    }
    return { baseURL: s.baseURL, models: s.models.map(String), keyName: typeof s.keyName === 'string' ? s.keyName : null };
  }

  async view(): Promise<JudgeEndpointView> {
    const app = await this.saved();
    const env = this.env();
    const environment = { baseURL: env.TOUCHSTONE_LLM_BASE_URL || null, models: envModels(env), keySet: Boolean(env.TOUCHSTONE_LLM_API_KEY) };
    const src = (inApp: boolean, inEnv: boolean): JudgeSettingSource => (inApp ? 'app' : inEnv ? 'environment' : 'none');
    let key: JudgeEndpointView['key'] = null;
    if (app?.keyName) {
      const list = await this.store.list().catch((err: Error) => { throw new AppError('internal', err.message); });
      key = list.secrets.find((x) => x.name === app.keyName) ?? null;
    }
    return {
      baseURL: app?.baseURL ?? environment.baseURL,
      models: app?.models ?? environment.models,
      key,
      source: { baseURL: src(Boolean(app), Boolean(environment.baseURL)), models: src(Boolean(app), environment.models.length > 0), key: src(Boolean(app?.keyName), environment.keySet) },
      app,
      environment,
      file: this.file,
    };
  }

  /** Checks every field first, then stores the key (if given), then writes the settings atomically. */
  set(edit: JudgeEndpointEdit): Promise<JudgeEndpointView> {
    return serialised(this.file, async () => {
      if (!edit || typeof edit !== 'object') throw bad('eval:judgeEndpointSet needs { baseURL, models, keyName?, key? } or { reset: true }.');
      if (edit.reset === true) {
        await unlink(this.file).catch((err: NodeJS.ErrnoException) => { if (err.code !== 'ENOENT') throw err; });
        return this.view();
      }
      const baseURL = checkBaseURL(edit.baseURL);
      const models = checkModels(edit.models);
      const key = typeof edit.key === 'string' && edit.key.trim() ? edit.key : undefined;
      let keyName: string | null = edit.keyName === undefined || edit.keyName === null || edit.keyName === '' ? null : String(edit.keyName).trim();
      if (key !== undefined) keyName ??= DEFAULT_KEY_NAME;
      if (keyName !== null) {
        try { checkSecretName(keyName); } catch (err) { throw bad(`API key name: ${(err as Error).message}`); }
      }
      const wrap = (err: unknown): never => { throw err instanceof SecretError ? new AppError(err.code, `API key: ${err.message}`) : err; };
      if (key !== undefined) await this.store.set(keyName!, key).catch(wrap);
      else if (keyName !== null && !(await this.store.list().catch(wrap)).secrets.some((x) => x.name === keyName)) {
        throw bad(`API key: no key named "${keyName}" is stored; paste the key, or clear the key name to use TOUCHSTONE_LLM_API_KEY (or no key).`);
      }
      await makePrivateDir(this.stateDir);
      await writeFileAtomic(this.file, JSON.stringify({ format: FORMAT, baseURL, models, keyName }, null, 2) + '\n');
      return this.view();
    });
  }

  /**
   * The judge's flags from the app's settings (judgeOptionsFrom falls back to the environment for
   * what is absent). The key is revealed here, for the judge's client only.
   */
  async flags(): Promise<Flags> {
    const app = await this.saved();
    if (!app) return {};
    const f: Flags = { 'llm-base-url': app.baseURL, 'llm-model': app.models.join(',') };
    if (app.keyName) {
      const value = await this.store.reveal(app.keyName).catch((err: Error) => { throw new Error(`the judge's API key "${app.keyName}": ${err.message}`); });
      if (value === undefined) throw new Error(`the judge's API key "${app.keyName}" is no longer stored: paste it again under Judge endpoint`);
      f['llm-key'] = value;
    }
    return f;
  }
}
