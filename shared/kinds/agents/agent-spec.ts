/** What an agent kind is, as every consumer (core factory, run form, CLI help) reads it. */
import type { z } from 'zod';
import { example, settingFields, type SettingField, type SettingProblem } from './settings';

/**
 * One agent kind: its name (`--agent NAME`), how people see it, and its settings as one schema
 * (built from `setting.*`, so it checks, documents and renders). The core's factory for the kind
 * is keyed by this spec (electron/core/agents/).
 */
export interface AgentSpec<S extends z.ZodObject = z.ZodObject> {
  name: string;
  /** For the run form's agent list. */
  label: string;
  /** One line for `--help`. */
  summary: string;
  settings: S;
  /** What the run form says below the settings. */
  note?: string;
}

/** An agent kind as `run:agents` answers it: the spec with its settings described. */
export interface AgentInfo { name: string; label: string; summary: string; note?: string; settings: SettingField[] }

/** Checks the settings' shape at definition time, keeping the schema's type for the factory. */
export function defineAgent<S extends z.ZodObject>(spec: AgentSpec<S>): AgentSpec<S> {
  settingFields(spec.settings);
  return spec;
}

/** The serialisable form of a spec. */
export function describeAgent(spec: AgentSpec): AgentInfo {
  return { name: spec.name, label: spec.label, summary: spec.summary, ...(spec.note ? { note: spec.note } : {}), settings: settingFields(spec.settings) };
}

/** The `--agent-opt` lines of `touchstone run --help`: per agent with settings, each key with what it takes and its default, wrapped to `width`. */
export function agentOptHelp(specs: readonly AgentSpec[], indent = '                       ', width = 110): string[] {
  const out: string[] = [];
  for (const s of specs) {
    const fields = settingFields(s.settings);
    if (!fields.length) continue;
    let line = `${indent}${s.name}:`;
    for (const [k, f] of fields.entries()) {
      const what = f.kind === 'choice' ? f.choices!.map((c) => c.value).join('|') : f.kind === 'number' ? `${f.min}..${f.max}` : f.kind === 'url' ? 'URL' : f.kind === 'secret' ? 'SECRET' : 'TEXT';
      const word = ` ${f.key}=${what}${f.default !== undefined ? ` (${f.default})` : ''}${f.env ? ` [or ${f.env}]` : ''}${k < fields.length - 1 ? ',' : ''}`;
      if (line.length + word.length > width) { out.push(line); line = `${indent}  ${word.trimStart()}`; } else line += word;
    }
    out.push(line);
  }
  return out;
}

/** A setting problem as the CLI and the core say it: `llm agent: --agent-opt temperature must be ...`, or how to give a missing one. */
export function settingErrorText(agent: string, f: SettingField, p: SettingProblem): string {
  if (!p.missing) return `${agent} agent: --agent-opt ${f.key} ${p.message}`;
  return `${agent} agent: no ${f.label.toLowerCase()}; give --agent-opt ${f.key}=${example(f) || 'VALUE'}${f.env ? ` or set ${f.env}` : ''}.`;
}

/** A setting problem as the run form says it, by the field's label. */
export function settingFormText(f: SettingField, p: SettingProblem): string {
  if (!p.missing) return `${f.label}: ${p.message}`;
  const eg = example(f);
  return `${f.label}: required${eg ? ` (e.g. ${eg})` : ''}.`;
}
