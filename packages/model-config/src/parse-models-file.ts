import { extname } from 'node:path';
import { closestId } from '@medhelm/core';
import { type PythonJsonError, parsePythonJson } from '@medhelm/json';
import { type Document, isNode, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { acceptedFields } from './accepted-fields.ts';
import { looksLikeSecret } from './looks-like-secret.ts';
import { ModelsFileError, type ModelsFileIssue } from './models-file-error.ts';
import { type ModelsConfig, ModelsFileSchema } from './models-file-schema.ts';

/** The two formats a models file may be written in. */
export type ModelsFileFormat = 'yaml' | 'json';

type Path = readonly (string | number)[];
type Locate = (path: Path) => number | undefined;

const SECRET_HINT =
  'API keys never go in a models file: keep the key in an environment variable and put only its name in apiKeyEnv. If the file was committed or shared, revoke the key.';

/** The format a models file is read as, from its extension (`.yaml`, `.yml`, `.json`). */
export function modelsFileFormat(file: string): ModelsFileFormat {
  const extension = extname(file).toLowerCase();
  if (extension === '.yaml' || extension === '.yml') return 'yaml';
  if (extension === '.json') return 'json';
  throw new ModelsFileError(file, [
    { message: 'a models file must end in .yaml, .yml or .json (it is read as YAML or JSON accordingly)' },
  ]);
}

/**
 * Parses and validates the text of a models file. `file` is only used in messages (and, without
 * `format`, to pick the format from its extension). Throws `ModelsFileError` naming the file, the
 * line, the deployment and the field, with the fix; a value that looks like a literal API key is
 * refused anywhere in the file and never repeated.
 */
export function parseModelsFile(text: string, file: string, format = modelsFileFormat(file)): ModelsConfig {
  if (text.trim() === '') {
    throw new ModelsFileError(file, [{ message: 'the file is empty: it needs a "deployments:" mapping' }]);
  }
  const lineCounter = new LineCounter();
  let value: unknown;
  let document: Document | undefined;
  if (format === 'json') {
    // Strict JSON (no NaN/Infinity); the error gives a position without quoting the text.
    const parsed = parsePythonJson(text, { nonFiniteNumbers: false });
    if (!parsed.ok) throw new ModelsFileError(file, [jsonSyntaxIssue(text, parsed.error)]);
    value = parsed.value;
    // JSON is YAML 1.2: parse it again only to know which line each value is on, and to catch
    // duplicate keys, which JSON.parse silently lets the last one win.
    const positions = parseDocument(text, { lineCounter, prettyErrors: false });
    const duplicate = positions.errors.find((error) => error.code === 'DUPLICATE_KEY');
    if (duplicate !== undefined) {
      throw new ModelsFileError(file, [
        {
          line: lineCounter.linePos(duplicate.pos[0]).line,
          message: 'a key appears twice in the same object',
        },
      ]);
    }
    if (positions.errors.length === 0) document = positions;
  } else {
    document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    const [first] = document.errors;
    if (first !== undefined) {
      const { line, col } = lineCounter.linePos(first.pos[0]);
      throw new ModelsFileError(file, [
        { line, message: `not valid YAML at column ${col} (${first.code}): ${firstLine(first.message)}` },
      ]);
    }
    try {
      value = document.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      throw new ModelsFileError(file, [
        {
          message: `the YAML cannot be read: ${firstLine(error instanceof Error ? error.message : String(error))}`,
        },
      ]);
    }
  }
  const parsed = document;
  const locate: Locate = (path) => (parsed === undefined ? undefined : lineOf(parsed, lineCounter, path));
  return validateModelsConfig(value, file, locate);
}

/**
 * Validates an already-parsed models file (`file` names it in messages). First refuses any string
 * (value or key) that looks like a literal API key, then checks the shape.
 */
export function validateModelsConfig(
  value: unknown,
  file: string,
  locate: (path: readonly (string | number)[]) => number | undefined = () => undefined,
): ModelsConfig {
  const secrets = findSecrets(value, [], [], locate);
  if (secrets.length > 0) throw new ModelsFileError(file, secrets, { hint: SECRET_HINT });
  const result = ModelsFileSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.flatMap((issue) => toIssues(issue, value, locate));
  throw new ModelsFileError(file, issues);
}

function findSecrets(
  value: unknown,
  path: Path,
  printable: readonly string[],
  locate: Locate,
): ModelsFileIssue[] {
  if (typeof value === 'string') {
    if (!looksLikeSecret(value)) return [];
    const inApiKeyEnv = printable.at(-1) === 'apiKeyEnv' || printable.at(-2) === 'apiKeyEnv';
    return [
      {
        ...where(printable),
        line: locate(path),
        message: inApiKeyEnv
          ? 'apiKeyEnv must be an environment variable name like OPENAI_API_KEY, not a key: remove the key from the file'
          : 'this looks like a literal API key or token (not shown): remove it from the file, keep the key in an environment variable and name that variable in apiKeyEnv (e.g. apiKeyEnv: OPENAI_API_KEY)',
      },
    ];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      findSecrets(item, [...path, index], [...printable, String(index)], locate),
    );
  }
  if (typeof value !== 'object' || value === null) return [];
  const issues: ModelsFileIssue[] = [];
  Object.entries(value).forEach(([key, child], index) => {
    let name = key;
    if (looksLikeSecret(key)) {
      name = path.length === 1 && path[0] === 'deployments' ? `<id #${index + 1}>` : `<key #${index + 1}>`;
      issues.push({
        ...where([...printable, name]),
        line: locate([...path, key]),
        message:
          'this key looks like a literal API key or token (not shown): remove it from the file; keys belong in environment variables named by apiKeyEnv',
      });
    }
    issues.push(...findSecrets(child, [...path, key], [...printable, name], locate));
  });
  return issues;
}

function toIssues(issue: z.core.$ZodIssue, raw: unknown, locate: Locate): ModelsFileIssue[] {
  const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
  const printable = path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      ...where([...printable, key]),
      line: locate([...path, key]),
      message: unknownFieldMessage(key, path),
    }));
  }
  const base = { ...where(printable), line: locate(path) };
  if (path.length === 0) {
    return [
      {
        ...base,
        message:
          'the file must be a mapping with a "deployments:" key, e.g. deployments: { gpt-4o: { provider: openai, model: gpt-4o-2024-08-06 } }',
      },
    ];
  }
  if (issue.code === 'invalid_type' && valueAt(raw, path) === undefined) {
    return [{ ...base, message: missingFieldMessage(printable) }];
  }
  if (issue.code === 'invalid_key') {
    return [{ ...base, message: issue.issues[0]?.message ?? issue.message }];
  }
  return [{ ...base, message: issue.message }];
}

/**
 * An unknown field, with the closest accepted one when it looks like a typo (`baseURL` → `baseUrl`)
 * and every field accepted there, both taken from the schema.
 */
function unknownFieldMessage(key: string, parent: readonly (string | number)[]): string {
  if (/^(api[-_]?key|key|token|access[-_]?token|secret|password|authorization|bearer)$/i.test(key)) {
    return `unknown field "${key}": a models file never holds keys; put the key in an environment variable and set apiKeyEnv to its name (e.g. apiKeyEnv: OPENAI_API_KEY)`;
  }
  const known = acceptedFields(ModelsFileSchema, parent);
  if (known === undefined) return `unknown field "${key}": remove it or fix its spelling`;
  const suggestion =
    known.find((field) => field.toLowerCase() === key.toLowerCase()) ?? closestId(key, known);
  const fix = suggestion === undefined ? 'remove it or fix its spelling' : `did you mean "${suggestion}"?`;
  return `unknown field "${key}": ${fix} (fields here: ${known.join(', ')})`;
}

function missingFieldMessage(path: readonly string[]): string {
  switch (path.at(-1)) {
    case 'deployments':
      return 'is required: add a "deployments:" mapping from deployment id to settings';
    case 'provider':
      return 'is required: add "provider: <registry id>", e.g. openai, anthropic, google, azure-openai or openai-compatible';
    case 'model':
      return `is required: add "model: <the provider's model id>", e.g. model: gpt-4o-2024-08-06`;
    default:
      return 'is required';
  }
}

function where(path: readonly string[]): { deployment?: string; field?: string } {
  if (path[0] === 'deployments' && path.length >= 2) {
    const field = path.slice(2).join('.');
    return field === '' ? { deployment: path[1] } : { deployment: path[1], field };
  }
  return path.length === 0 ? {} : { field: path.join('.') };
}

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

function lineOf(document: Document, lineCounter: LineCounter, path: Path): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? document.contents : document.getIn(path.slice(0, length), true);
    if (isNode(node) && node.range !== undefined && node.range !== null) {
      return lineCounter.linePos(node.range[0]).line;
    }
  }
  return undefined;
}

/** A JSON syntax error's position, without the text around it (it may hold a key). */
function jsonSyntaxIssue(text: string, error: PythonJsonError): ModelsFileIssue {
  if (error.offset >= text.length) return { message: 'not valid JSON: the text ends too early' };
  return { line: error.lineno, message: `not valid JSON at column ${error.colno}` };
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '').trim();
}
