import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { AccessTier } from '@medhelm/core';
import { ConfigError } from '@medhelm/core';
import { parsePythonJson } from '@medhelm/json';
import { JudgePromptTemplateError, renderJudgePrompt } from '@medhelm/jury';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { type BenchmarkConfigInput, BenchmarkConfigSchema } from './benchmark-config-schema.ts';
import {
  PromptTemplateSyntaxError,
  parseFormatTemplate,
  type TemplatePart,
} from './python-format-template.ts';

/** A file the YAML names, and where it was found. */
export interface ResolvedFile {
  /** The path as the YAML writes it. */
  written: string;
  /** The absolute path read. */
  path: string;
  /** Which rule found it: next to the YAML (ours), the working directory (HELM's), or absolute. */
  resolvedAgainst: 'yaml-folder' | 'working-directory' | 'absolute';
}

/** One judge of a `jury_score` metric. */
export interface ConfiguredJudge {
  name: string;
  modelName: string;
}

/** A metric of the YAML, its files read. */
export type ConfiguredMetric =
  | { readonly name: 'exact_match' | 'rouge_1' | 'rouge_2' | 'rouge_l' }
  | {
      readonly name: 'jury_score';
      readonly promptFile: ResolvedFile;
      /** The judge prompt as HELM reads it (text mode: line ends are `\n`). */
      readonly promptTemplate: string;
      /** HELM's `annotation_criteria`: each criterion of the `<rubric_criteria>` block and its keys. */
      readonly criteria: Readonly<Record<string, readonly string[]>>;
      readonly judges: readonly ConfiguredJudge[];
    };

/** A user-defined benchmark, validated and with its files read (the dataset is read when the run loads it). */
export interface BenchmarkConfig {
  /** The YAML file, absolute. */
  file: string;
  /** `config_path` as the run entry gives it (HELM's scenario arg). */
  configPath: string;
  name: string;
  description: string;
  maxTokens: number;
  access: AccessTier;
  promptFile: ResolvedFile;
  datasetFile: ResolvedFile;
  /** The prompt template as HELM reads it (text mode: line ends are `\n`). */
  promptTemplate: string;
  templateParts: readonly TemplatePart[];
  metrics: readonly ConfiguredMetric[];
  /** What the user should know about how the YAML was read (a file found by HELM's rule, ...). */
  notes: readonly string[];
}

/** HELM's `max_tokens` default (BenchmarkConfig). */
export const DEFAULT_MAX_TOKENS = 1024;

/**
 * Reads and checks a benchmark config (HELM's `get_benchmark_config_from_path`, then the checks
 * HELM makes later or never), before any model call. `configPath` is resolved with `resolvePath`
 * (the run's working directory; default: the process's). Every problem is a ConfigError naming
 * the file and the field:
 *
 * - the YAML (YAML 1.1, as PyYAML reads it) against {@link BenchmarkConfigSchema}: unknown fields
 *   and metrics, a jury without judges or judge prompt, ...;
 * - a metric listed twice;
 * - each file: relative paths are tried next to the YAML first, then in the working directory
 *   (HELM's rule); a note says when HELM's rule was used, or when HELM would read another file;
 * - the prompt template's placeholders (Python `str.format` syntax) and the judge prompt's
 *   `<rubric_criteria>` block and `$` placeholders (Python `string.Template`).
 */
export function readBenchmarkConfig(
  configPath: string,
  resolvePath: (path: string) => string = (path) => resolve(path),
): BenchmarkConfig {
  const file = resolvePath(configPath);
  if (!isFile(file)) {
    throw new ConfigError(`config_path=${configPath}: there is no benchmark config at ${file}.`, {
      hint: 'Give the path of your benchmark YAML (name, description, prompt_file, dataset_file, max_tokens, metrics), relative to the working directory or absolute.',
    });
  }
  const input = parseConfig(file);
  const notes: string[] = [];
  const find = (written: string, field: string) => findFile(written, field, file, resolvePath, notes);
  const names = input.metrics.map((metric) => metric.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) {
    throw new ConfigError(`${file}: metrics: ${repeated} is listed twice.`, {
      hint: 'List each metric once; the first one is the headline.',
    });
  }
  const promptFile = find(input.prompt_file, 'prompt_file');
  const datasetFile = find(input.dataset_file, 'dataset_file');
  const promptTemplate = readText(promptFile, 'prompt_file', file);
  let templateParts: TemplatePart[];
  try {
    templateParts = parseFormatTemplate(promptTemplate);
  } catch (error) {
    if (!(error instanceof PromptTemplateSyntaxError)) throw error;
    throw new ConfigError(
      `${promptFile.path}, line ${error.line} (prompt_file of ${file}): ${error.message}`,
      {
        hint: 'Placeholders are {column} with a CSV column name; write {{ and }} for literal braces.',
      },
    );
  }
  const metrics = input.metrics.map((metric, index): ConfiguredMetric => {
    if (metric.name !== 'jury_score') return { name: metric.name };
    const field = `metrics[${index}].prompt_file`;
    const judgeFile = find(metric.prompt_file, field);
    const template = readText(judgeFile, field, file);
    return {
      name: 'jury_score',
      promptFile: judgeFile,
      promptTemplate: template,
      criteria: rubricCriteria(template, judgeFile.path, `${field} of ${file}`),
      judges: metric.judges.map((judge) => ({ name: judge.name, modelName: judge.model_name })),
    };
  });
  return {
    file,
    configPath,
    name: input.name,
    description: input.description,
    maxTokens: input.max_tokens ?? DEFAULT_MAX_TOKENS,
    access: input.access ?? 'private',
    promptFile,
    datasetFile,
    promptTemplate,
    templateParts,
    metrics,
    notes,
  };
}

function parseConfig(file: string): BenchmarkConfigInput {
  // YAML 1.1, as PyYAML's safe_load reads it (`yes` is a boolean, `007` an octal number...).
  const document = parseDocument(readFileSync(file, 'utf8'), { version: '1.1', prettyErrors: true });
  const [yamlError] = document.errors;
  if (yamlError !== undefined) {
    // One line: the file, line and column and what is wrong; the YAML library's excerpt of the
    // file (several lines with a caret) stays in the cause, which `medhelm --verbose` prints.
    const position = yamlError.linePos?.[0];
    const where = position === undefined ? file : `${file}:${position.line}`;
    const column = position === undefined ? '' : ` at column ${position.col}`;
    const problem = (yamlError.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw new ConfigError(`${where}: not valid YAML${column}: ${problem}`, {
      cause: yamlError,
      hint: 'The file is read as YAML 1.1, as HELM reads it with PyYAML; check the indentation and brackets there.',
    });
  }
  const raw: unknown = document.toJS();
  const parsed = BenchmarkConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => describeIssue(issue, raw));
  throw new ConfigError(`${file}: ${issues.join('; ')}.`, {
    hint: `The fields are name, description, prompt_file, dataset_file, max_tokens, metrics and access (JSON Schema: @medhelm/benchmark-medhelm-configurable/benchmark-config.schema.json).`,
  });
}

/** One zod issue as `field: message`, with the field written as in the YAML (`metrics[0].name`). */
function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const where = issue.path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    return `${where === '' ? '' : `${where}: `}unknown field${issue.keys.length === 1 ? '' : 's'} ${keys}`;
  }
  if (issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined) {
    return `${where}: missing (${issue.message})`;
  }
  return `${where === '' ? '(the file)' : where}: ${issue.message}`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function findFile(
  written: string,
  field: string,
  configFile: string,
  resolvePath: (path: string) => string,
  notes: string[],
): ResolvedFile {
  if (isAbsolute(written)) {
    if (isFile(written)) return { written, path: written, resolvedAgainst: 'absolute' };
    throw missingFile(written, field, configFile, [written]);
  }
  const nextToYaml = resolve(dirname(configFile), written);
  const helms = resolvePath(written);
  if (isFile(nextToYaml)) {
    if (isFile(helms) && !sameFile(helms, nextToYaml)) {
      notes.push(
        `${field} ${written} of ${configFile}: read ${nextToYaml} (next to the YAML); HELM, which resolves it in the working directory, would read ${helms}.`,
      );
    }
    return { written, path: nextToYaml, resolvedAgainst: 'yaml-folder' };
  }
  if (isFile(helms)) {
    notes.push(
      `${field} ${written} of ${configFile}: no such file next to the YAML, so ${helms} was read (HELM's rule: relative to the working directory).`,
    );
    return { written, path: helms, resolvedAgainst: 'working-directory' };
  }
  throw missingFile(written, field, configFile, [nextToYaml, helms]);
}

function missingFile(written: string, field: string, configFile: string, tried: string[]): ConfigError {
  return new ConfigError(
    `${configFile}: ${field}: there is no file ${written} (looked for ${[...new Set(tried)].join(' and ')}).`,
    {
      hint: "Paths in the YAML are relative to the YAML's folder (or, as in HELM, to the working directory), or absolute.",
    },
  );
}

/** A file as Python's `open(path).read()` gives it: UTF-8, `\r\n` and `\r` read as `\n`. */
function readText(file: ResolvedFile, field: string, configFile: string): string {
  const bytes = readFileSync(file.path);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/\r\n?/g, '\n');
  } catch (error) {
    throw new ConfigError(`${file.path} (${field} of ${configFile}) is not UTF-8 text.`, {
      cause: error,
      hint: 'Save it as UTF-8.',
    });
  }
}

// HELM's `re.compile(r"<rubric_criteria>\s*(\{.*?\})\s*</rubric_criteria>", re.DOTALL)`, with
// Python's \s for str patterns spelled out (it differs from JavaScript's).
const PY_SPACE =
  '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const RUBRIC_CRITERIA = new RegExp(
  `<rubric_criteria>${PY_SPACE}*(\\{[^]*?\\})${PY_SPACE}*</rubric_criteria>`,
);

/**
 * HELM's `_get_annotation_criteria`: the JSON object of the first `<rubric_criteria>` block, each
 * criterion with `list(value)`: a dict's keys or a list's items. HELM would take a string's
 * characters (and then drop every judge's reply) or crash on a number; both are refused here.
 */
function rubricCriteria(template: string, path: string, where: string): Record<string, string[]> {
  const match = RUBRIC_CRITERIA.exec(template);
  const fail = (problem: string) =>
    new ConfigError(`${path} (${where}): ${problem}`, {
      hint: 'End the judge prompt with <rubric_criteria>{"accuracy": {"score": 0, "explanation": "..."}, ...}</rubric_criteria>: each criterion the judges score, with the keys their reply must have.',
    });
  if (match === null) throw fail('no <rubric_criteria>{...}</rubric_criteria> block found.');
  const parsed = parsePythonJson(match[1] as string);
  if (!parsed.ok) throw fail(`the <rubric_criteria> block is not valid JSON: ${parsed.error.message}.`);
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail('the <rubric_criteria> block must be a JSON object of criteria.');
  }
  const criteria: Record<string, string[]> = {};
  for (const [criterion, keys] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(keys) && keys.every((key) => typeof key === 'string')) criteria[criterion] = keys;
    else if (typeof keys === 'object' && keys !== null && !Array.isArray(keys))
      criteria[criterion] = Object.keys(keys);
    else
      throw fail(
        `criterion ${JSON.stringify(criterion)} must be an object like {"score": 0, "explanation": "..."}.`,
      );
  }
  if (Object.keys(criteria).length === 0) throw fail('the <rubric_criteria> block names no criterion.');
  try {
    renderJudgePrompt(template, { QUESTION: '', RESPONSE: '', GOLD_RESPONSE: '' });
  } catch (error) {
    if (!(error instanceof JudgePromptTemplateError)) throw error;
    throw new ConfigError(`${path} (${where}): ${error.message}`, {
      cause: error,
      hint: 'HELM fills the judge prompt with Python string.Template: $ starts a placeholder; write $$ for a literal $.',
    });
  }
  return criteria;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function sameFile(a: string, b: string): boolean {
  return realpathSync(a) === realpathSync(b);
}
