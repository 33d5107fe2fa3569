import { readFileSync } from 'node:fs';
import { ConfigError } from '@medhelm/core';
import { parseRunEntry, type RunEntry } from './run-entry.ts';

/**
 * Reads a HELM run-entries conf file (`--conf-paths`), e.g. HELM's
 * `run_entries_medhelm_public.conf`:
 *
 *     entries: [
 *       {description: "pubmed_qa:model=openai/gpt-4o,model_deployment=...", priority: 1},
 *     ]
 *
 * HELM parses these as HOCON; the files use a small subset (comments, unquoted keys, `:` or `=`,
 * optional commas), which this reads. Plain JSON (`{"entries": [...]}`) works too.
 */
export function readConfFile(path: string): RunEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read run-entries file ${path}.`, { cause: error });
  }
  return parseConfText(text, path);
}

export function parseConfText(text: string, path: string): RunEntry[] {
  const entries: RunEntry[] = [];
  const objectPattern = /\{([^{}]*)\}/g;
  const body = stripComments(text);
  if (!/\bentries\b/.test(body)) {
    throw new ConfigError(`${path}: no "entries" list found.`, {
      hint: 'A run-entries file looks like: entries: [ {description: "pubmed_qa:model=baseline:first-option", priority: 1} ]',
    });
  }
  for (const match of body.matchAll(objectPattern)) {
    const objectText = match[1] ?? '';
    const line = body.slice(0, match.index).split('\n').length;
    const description = stringField(objectText, 'description');
    if (description === undefined) {
      throw new ConfigError(`${path}, line ${line}: an entry has no description.`);
    }
    const priorityText = /["']?priority["']?\s*[:=]\s*(-?\d+)/.exec(objectText)?.[1];
    const groupsText = /["']?groups["']?\s*[:=]\s*\[([^\]]*)\]/.exec(objectText)?.[1];
    const groups = groupsText
      ? [...groupsText.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((group) => group[1] ?? '')
      : undefined;
    const entry = parseRunEntry(description, `${path}, line ${line}`);
    entries.push({
      ...entry,
      ...(priorityText === undefined ? {} : { priority: Number(priorityText) }),
      ...(groups === undefined ? {} : { groups }),
    });
  }
  return entries;
}

function stringField(objectText: string, name: string): string | undefined {
  const match = new RegExp(`["']?${name}["']?\\s*[:=]\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(objectText);
  return match?.[1] === undefined ? undefined : (JSON.parse(`"${match[1]}"`) as string);
}

/** Removes `#` and `//` comments outside double-quoted strings. */
function stripComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let inString = false;
      for (let index = 0; index < line.length; index++) {
        const character = line[index];
        if (character === '\\' && inString) {
          index++;
        } else if (character === '"') {
          inString = !inString;
        } else if (!inString && (character === '#' || (character === '/' && line[index + 1] === '/'))) {
          return line.slice(0, index);
        }
      }
      return line;
    })
    .join('\n');
}
