import { createHash } from 'node:crypto';
import { readNamedText } from '../../platform/confined-read';
import path from 'node:path';

/** The editable prompt, split into its system and user messages. */
export interface PromptTemplate {
  file: string;
  system: string;
  user: string;
  /** Placeholders the template lacks that the judge normally needs (said once per run). */
  warnings: string[];
}

/** Placeholders a template may use. */
export const PLACEHOLDERS = ['instruction', 'frames', 'screens', 'actions'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** resources/judge-prompt.md of the app (source checkout or dist/ layout). */
export function defaultPromptFile(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const marker = `${path.sep}electron${path.sep}`;
  const up = here.includes(marker) ? here.slice(0, here.lastIndexOf(marker)) : path.dirname(here);
  return path.join(up, 'resources', 'judge-prompt.md');
}

/**
 * Reads a prompt file: the text under `## System` is the system message, under `## User` the user
 * message (text before the first of them is a comment). A file with neither heading is one user
 * message. Unknown `{{placeholders}}` are an error naming the file and line.
 */
export function parsePromptTemplate(text: string, file: string): PromptTemplate {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const sys = lines.findIndex((l) => /^##\s+system\s*$/i.test(l));
  const usr = lines.findIndex((l) => /^##\s+user\s*$/i.test(l));
  lines.forEach((l, i) => {
    for (const m of l.matchAll(/\{\{\s*([\w-]+)\s*\}\}/g)) {
      // The comment part may mention placeholders; only the sent parts must use known ones.
      const sent = (sys >= 0 && i > sys) || (usr >= 0 && i > usr) || (sys < 0 && usr < 0);
      if (sent && !(PLACEHOLDERS as readonly string[]).includes(m[1]!)) {
        throw new Error(`${file}:${i + 1}: unknown placeholder {{${m[1]}}}; use ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`);
      }
    }
  });
  const section = (start: number, others: number[]): string => {
    if (start < 0) return '';
    const end = Math.min(...others.filter((o) => o > start), lines.length);
    return lines.slice(start + 1, end).join('\n').trim();
  };
  const system = section(sys, [usr]);
  const user = sys < 0 && usr < 0 ? text.trim() : section(usr, [sys]);
  if (!user) throw new Error(`${file}: the prompt has no user message; write it under a "## User" heading.`);
  const used = `${system}\n${user}`;
  const warnings = (['instruction', 'screens'] as const)
    .filter((p) => !new RegExp(`\\{\\{\\s*${p}\\s*\\}\\}`).test(used))
    .map((p) => `${file}: the prompt has no {{${p}}}, so the judge will not see the ${p === 'screens' ? 'screens' : 'task'}.`);
  return { file, system, user, warnings };
}

/** Reads and parses a prompt file; errors name the file. */
export function loadPromptTemplate(file: string): PromptTemplate {
  let text: string;
  try {
    text = readNamedText(file);
  } catch (err) {
    throw new Error(`Cannot read the judge prompt ${file}: ${(err as Error).message}. Pass an existing file with --judge-prompt.`);
  }
  return parsePromptTemplate(text, file);
}

/** Replaces placeholders; values are inserted verbatim (no further substitution inside them). */
export function renderTemplate(t: string, values: Record<Placeholder, string>): string {
  return t.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_m, k: string) => values[k as Placeholder] ?? '');
}

/** One content part of a chat message (OpenAI chat-completions shape). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };
/** A chat message as sent. */
export interface ChatMessage { role: 'system' | 'user'; content: string | ContentPart[] }

/** Stable hash of everything that decides the answer besides the model: messages and sampling settings. */
export function promptHash(messages: readonly ChatMessage[], params: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify({ messages, params })).digest('hex');
}
