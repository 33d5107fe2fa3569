import { readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { ConfigError, closestId } from '@medhelm/core';
import { type Document, isMap, isNode, isScalar, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { runnerPackageDirectory } from './runner-package.ts';

/** One entry of a run config's `plugins` list: a module specifier, or `[specifier, options]`. */
export const pluginEntrySchema = z
  .union(
    [
      z.string().min(1),
      z.tuple([
        z.string().min(1),
        z.unknown().meta({ description: "Passed to the module's exported createPlugin(options)." }),
      ]),
    ],
    {
      error:
        'must be a package name (e.g. medhelm-scorer-hedging), a path to a module starting with ./ or ../, or [specifier, options]',
    },
  )
  .meta({
    description:
      'A package name (resolved from the folder of this file), a path to a module starting with ./ or ../, or [specifier, options].',
  });

/**
 * A run config file (`medhelm run --config medhelm.config.yaml`, YAML or JSON): the plugins to load
 * beyond the first-party set and the extra scorers to run. Published as JSON Schema in
 * `schema/run-config.schema.json`.
 */
export const runConfigSchema = z
  .strictObject({
    $schema: z.string().optional().meta({ description: 'Path or URL of this JSON Schema, for editors.' }),
    plugins: z.array(pluginEntrySchema).default([]).meta({
      description:
        'Plugins to load besides the first-party ones installed with the runner, e.g. ["medhelm-scorer-hedging", ["./my-provider.mjs", { "region": "eu" }]].',
    }),
    discoverPlugins: z.boolean().default(false).meta({
      description:
        'Also load every dependency of the project (the package.json nearest to this file) whose package.json has a "medhelm" manifest.',
    }),
    scorers: z
      .record(z.string().min(1), z.array(z.string().min(1)).min(1))
      .default({})
      .meta({
        description:
          "Extra scorers per benchmark id (\"*\": every benchmark of the run), by scorer id. Their stats are written beside HELM's; run_spec.json's metric_specs stay HELM's.",
      }),
    data: z.record(z.string().min(1), z.string().min(1)).default({}).meta({
      description:
        'Data folder per benchmark id (relative paths from the folder of this file), e.g. { "ehrshot": "/secure/ehrshot" }; a run entry\'s data_path= wins.',
    }),
    allowExternalData: z.boolean().default(false).meta({
      description:
        'Let gated and private benchmark data reach deployments not marked local or trusted (as --allow-external-data).',
    }),
  })
  .meta({
    title: 'MedHELM run config',
    description: 'Plugins and extra scorers for `medhelm run --config`.',
  });

/** A parsed run config, with where it came from (relative plugin paths resolve from `directory`). */
export interface RunConfig {
  path: string;
  directory: string;
  plugins: Array<{ specifier: string; options?: unknown; hasOptions: boolean }>;
  discoverPlugins: boolean;
  scorers: Readonly<Record<string, readonly string[]>>;
  /** Data folder per benchmark id, absolute. */
  data: Readonly<Record<string, string>>;
  allowExternalData: boolean;
}

/** Reads and validates a run config file (`.yaml`, `.yml` or `.json`); errors name the file, line and field. */
export function loadRunConfig(path: string): RunConfig {
  const absolute = resolve(path);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `Run config ${path}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`}.`,
      {
        cause: error,
        hint: 'A relative --config path is resolved from the current directory.',
      },
    );
  }
  return parseRunConfig(text, absolute);
}

/** Parses the text of a run config; `path` names it in messages and anchors relative plugin paths. */
export function parseRunConfig(text: string, path: string): RunConfig {
  const extension = extname(path).toLowerCase();
  if (!['.yaml', '.yml', '.json'].includes(extension)) {
    throw new ConfigError(`Run config ${path}: the file must end in .yaml, .yml or .json.`);
  }
  const lineCounter = new LineCounter();
  // JSON is YAML 1.2, so one parser gives values and line numbers for both formats.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [syntax] = document.errors;
  if (syntax !== undefined) {
    const { line, col } = lineCounter.linePos(syntax.pos[0]);
    throw new ConfigError(
      `Run config ${path}:${line}: not valid ${extension === '.json' ? 'JSON' : 'YAML'} at column ${col}: ${syntax.message.split('\n')[0]}`,
    );
  }
  const value: unknown = document.toJS() ?? {};
  const parsed = runConfigSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const issuePath = issue.path as (string | number)[];
    // An unknown key is reported on its parent: point at the key itself.
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const offset =
      unknownKey === undefined
        ? nodeOffset(document.getIn(issuePath, true))
        : keyOffset(document, issuePath, unknownKey);
    const line = offset === undefined ? '' : `:${lineCounter.linePos(offset).line}`;
    const field = issuePath.length === 0 ? '' : ` field "${issuePath.join('.')}":`;
    const message = unknownKey === undefined ? issue.message : unknownFieldMessage(unknownKey);
    throw new ConfigError(`Run config ${path}${line}:${field} ${message}.`, {
      hint: `The run config format is described by the JSON Schema ${runConfigJsonSchemaFile()}.`,
    });
  }
  return {
    path,
    directory: dirname(path),
    plugins: parsed.data.plugins.map((entry) =>
      typeof entry === 'string'
        ? { specifier: entry, hasOptions: false }
        : { specifier: entry[0], options: entry[1], hasOptions: true },
    ),
    discoverPlugins: parsed.data.discoverPlugins,
    scorers: parsed.data.scorers,
    data: Object.fromEntries(
      Object.entries(parsed.data.data).map(([benchmark, folder]) => [
        benchmark,
        resolve(dirname(path), folder),
      ]),
    ),
    allowExternalData: parsed.data.allowExternalData,
  };
}

/** An unknown top-level field, with the closest accepted one and every accepted field (from the schema). */
function unknownFieldMessage(key: string): string {
  const fields = Object.keys(runConfigSchema.shape);
  const suggestion = closestId(key, fields);
  return `unknown field "${key}": ${suggestion === undefined ? 'remove it or fix its spelling' : `did you mean "${suggestion}"?`} (fields: ${fields.join(', ')})`;
}

function nodeOffset(node: unknown): number | undefined {
  return isNode(node) && node.range ? node.range[0] : undefined;
}

function keyOffset(document: Document, path: (string | number)[], key: string): number | undefined {
  const parent = path.length === 0 ? document.contents : document.getIn(path, true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === key);
  return pair === undefined ? undefined : nodeOffset(pair.key);
}

/** Where the generated JSON Schema lives, relative to the runner package root. */
export const RUN_CONFIG_JSON_SCHEMA_PATH = 'schema/run-config.schema.json';

/**
 * The JSON Schema file of this runner on disk, for messages (a path one can open); the package
 * subpath `@medhelm/runner/run-config.schema.json` when the runner's folder cannot be found.
 */
export function runConfigJsonSchemaFile(): string {
  const directory = runnerPackageDirectory();
  return directory === undefined
    ? '@medhelm/runner/run-config.schema.json'
    : join(directory, RUN_CONFIG_JSON_SCHEMA_PATH);
}

/** The JSON Schema (draft 2020-12) of a run config file: the input side, what a file may contain. */
export function runConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(runConfigSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
}
