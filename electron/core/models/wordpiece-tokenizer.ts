import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * BERT tokenisation as sentence-transformers models expect it: basic tokenisation (clean control
 * characters, space out CJK ideographs, lower-case, strip accents, split on whitespace and
 * punctuation) followed by greedy longest-match WordPiece with a `##` continuation prefix, then
 * `[CLS] ... [SEP]` and truncation. Reads `tokenizer.json` (Hugging Face tokenizers, WordPiece
 * model) and/or `vocab.txt` from a model folder.
 */
export interface WordPieceConfig {
  vocab: Map<string, number>;
  lowerCase: boolean;
  stripAccents: boolean;
  unkToken: string;
  clsToken: string;
  sepToken: string;
  padToken: string;
  prefix: string;
  /** Words longer than this become [UNK] (BERT's default is 100). */
  maxCharsPerWord: number;
  /** Max length from the folder's own config files, if any declares one. */
  maxLength?: number;
}

export class WordPieceTokenizer {
  readonly unkId: number;
  readonly clsId: number;
  readonly sepId: number;
  readonly padId: number;

  constructor(readonly config: WordPieceConfig) {
    const need = (token: string): number => {
      const id = config.vocab.get(token);
      if (id === undefined) throw new Error(`tokenizer vocabulary has no special token ${token}`);
      return id;
    };
    this.unkId = need(config.unkToken);
    this.clsId = need(config.clsToken);
    this.sepId = need(config.sepToken);
    this.padId = need(config.padToken);
  }

  /** Token ids with [CLS]/[SEP], truncated to `maxLength` tokens in total. */
  encode(text: string, maxLength: number): number[] {
    const ids = [this.clsId];
    const room = Math.max(0, maxLength - 2);
    for (const word of basicTokenize(text, this.config.lowerCase, this.config.stripAccents)) {
      for (const id of this.wordPiece(word)) {
        if (ids.length - 1 >= room) return [...ids, this.sepId];
        ids.push(id);
      }
    }
    ids.push(this.sepId);
    return ids;
  }

  /** Greedy longest-match-first split of one basic token; [UNK] when any part is unknown. */
  wordPiece(word: string): number[] {
    const chars = Array.from(word);
    if (chars.length > this.config.maxCharsPerWord) return [this.unkId];
    const out: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? this.config.prefix : '') + chars.slice(start, end).join('');
        found = this.config.vocab.get(piece);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return [this.unkId];
      out.push(found);
      start = end;
    }
    return out;
  }
}

function isPunctuation(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  // BERT treats all non-alphanumeric ASCII as punctuation (e.g. '$', '^', '`'), plus Unicode P*.
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return true;
  return /\p{P}/u.test(ch);
}

function isCjk(c: number): boolean {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x20000 && c <= 0x2a6df) ||
    (c >= 0x2a700 && c <= 0x2b81f) || (c >= 0x2b820 && c <= 0x2ceaf) || (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0x2f800 && c <= 0x2fa1f);
}

/** BERT's BasicTokenizer: returns the words and punctuation marks of `text`. */
export function basicTokenize(text: string, lowerCase: boolean, stripAccents: boolean): string[] {
  let cleaned = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0 || c === 0xfffd) continue;
    if (/\s/u.test(ch)) cleaned += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(ch)) continue;
    else if (isCjk(c)) cleaned += ` ${ch} `;
    else cleaned += ch;
  }
  if (lowerCase) cleaned = cleaned.toLowerCase();
  if (stripAccents) cleaned = cleaned.normalize('NFD').replace(/\p{Mn}/gu, '');
  const out: string[] = [];
  for (const word of cleaned.split(' ')) {
    let current = '';
    for (const ch of word) {
      if (isPunctuation(ch)) {
        if (current) out.push(current);
        out.push(ch);
        current = '';
      } else current += ch;
    }
    if (current) out.push(current);
  }
  return out;
}

function readJson(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Loads the tokenizer of a sentence-transformers folder. Prefers tokenizer.json's WordPiece model,
 * falls back to vocab.txt (one token per line, id = line number).
 */
export function loadWordPieceTokenizer(modelDir: string): WordPieceTokenizer {
  const tokJsonPath = path.join(modelDir, 'tokenizer.json');
  const vocabPath = path.join(modelDir, 'vocab.txt');
  const tokJson = readJson(tokJsonPath);
  const tokConfig = readJson(path.join(modelDir, 'tokenizer_config.json'));
  const stConfig = readJson(path.join(modelDir, 'sentence_bert_config.json'));
  const model = tokJson?.model as { type?: string; vocab?: Record<string, number>; unk_token?: string;
    continuing_subword_prefix?: string; max_input_chars_per_word?: number } | undefined;
  let vocab: Map<string, number>;
  if (model?.vocab && (model.type === undefined || model.type === 'WordPiece')) {
    vocab = new Map(Object.entries(model.vocab));
  } else if (existsSync(vocabPath)) {
    const lines = readFileSync(vocabPath, 'utf8').split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    vocab = new Map(lines.map((tok, i) => [tok, i]));
  } else if (model) {
    throw new Error(`${tokJsonPath} holds a ${String(model.type)} tokenizer; only WordPiece (BERT) models are supported, ` +
      `and ${modelDir} has no vocab.txt to fall back on.`);
  } else {
    throw new Error(`No tokenizer in model folder ${modelDir}: expected tokenizer.json (WordPiece) or vocab.txt. ` +
      `Export the model with its tokenizer (e.g. optimum-cli export onnx) into that folder.`);
  }
  const norm = tokJson?.normalizer as { type?: string; lowercase?: boolean; strip_accents?: boolean | null } | undefined;
  const lowerCase = norm?.type === 'BertNormalizer' ? norm.lowercase !== false
    : (tokConfig?.do_lower_case as boolean | undefined) ?? true;
  // BERT strips accents whenever it lower-cases unless strip_accents is explicitly false.
  const stripAccents = norm?.type === 'BertNormalizer' ? (norm.strip_accents ?? lowerCase) !== false
    : ((tokConfig?.strip_accents as boolean | null | undefined) ?? lowerCase) !== false;
  const truncation = tokJson?.truncation as { max_length?: number } | null | undefined;
  const modelMax = tokConfig?.model_max_length as number | undefined;
  const maxLength = (stConfig?.max_seq_length as number | undefined) ?? truncation?.max_length ??
    (modelMax !== undefined && modelMax < 100_000 ? modelMax : undefined);
  const str = (key: string, fallback: string): string => {
    const v = tokConfig?.[key];
    return typeof v === 'string' ? v : fallback;
  };
  return new WordPieceTokenizer({
    vocab, lowerCase, stripAccents,
    unkToken: model?.unk_token ?? str('unk_token', '[UNK]'),
    clsToken: str('cls_token', '[CLS]'),
    sepToken: str('sep_token', '[SEP]'),
    padToken: str('pad_token', '[PAD]'),
    prefix: model?.continuing_subword_prefix ?? '##',
    maxCharsPerWord: model?.max_input_chars_per_word ?? 100,
    maxLength,
  });
}
