#!/usr/bin/env node
// Fails when the repository's Markdown tells a reader to run `pnpm ...` without installing pnpm
// first. The README promises Node and npm only (pnpm runs through npx inside the scripts), so a
// `pnpm` command there answers "pnpm: command not found"; root scripts are run as
// `npm run <script> -- <args>`, and pnpm itself as `node scripts/pnpm.mjs <args>`.
// Checked: every command line of a shell code block and every inline code span, in README.md,
// docs/ and every package's README; changelogs and changesets (history, not instructions) are not.
// Usage: node scripts/readme-commands.mjs   (part of `npm run check`)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './workspace-packages.mjs';

/** A line that installs pnpm, after which `pnpm ...` commands are fine. */
const INSTALLS_PNPM = /\bnpm\s+(?:i|install)\s+(?:-g|--global)\s+pnpm\b|\bcorepack\s+enable\b/;

/** Code block languages whose lines are shell commands (a bare fence too). */
const SHELL_LANGUAGES = new Set(['', 'sh', 'bash', 'shell', 'console', 'zsh']);

/**
 * The commands of a shell line: split at `&&`, `||`, `;` and `|`, without a `$ ` prompt or leading
 * `NAME=value` assignments, and without a trailing `# comment`.
 */
function commandsOf(line) {
  const code = line.replace(/(^|\s)#.*$/, '');
  return code.split(/&&|\|\||;|\|/).map((part) =>
    part
      .trim()
      .replace(/^\$\s+/, '')
      .replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, ''),
  );
}

const isPnpmCommand = (command) => command === 'pnpm' || command.startsWith('pnpm ');

/**
 * The `pnpm` commands of one Markdown text that come before any line installing pnpm: code lines of
 * shell blocks and inline code spans, as `{ line, text }` (1-based line numbers).
 */
export function pnpmCommandLines(markdown) {
  const found = [];
  let fence;
  let shellBlock = false;
  for (const [index, line] of markdown.split('\n').entries()) {
    if (INSTALLS_PNPM.test(line)) break;
    const opening = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence === undefined && opening) {
      fence = opening[1];
      shellBlock = SHELL_LANGUAGES.has(opening[2].toLowerCase());
      continue;
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      else if (shellBlock && commandsOf(line).some(isPnpmCommand))
        found.push({ line: index + 1, text: line.trim() });
      continue;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      if (commandsOf(span[1]).some(isPnpmCommand)) found.push({ line: index + 1, text: span[1] });
    }
  }
  return found;
}

/** README.md, docs/*.md and every README.md below the root, without dependencies or build output. */
function markdownFiles(directory = root) {
  const skipped = new Set(['node_modules', 'dist', '.git', '.turbo', 'benchmark_output', '.changeset']);
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : markdownFiles(path);
    const isDoc = entry.name === 'README.md' || relative(root, directory) === 'docs';
    return isDoc && entry.name.endsWith('.md') ? [path] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // .changeset/README.md is instructions; the changesets beside it are history.
  const files = [...markdownFiles(), join(root, '.changeset', 'README.md')];
  const problems = files.flatMap((file) =>
    pnpmCommandLines(readFileSync(file, 'utf8')).map(
      ({ line, text }) => `${relative(root, file)}:${line}: ${text}`,
    ),
  );
  if (problems.length > 0) {
    console.error(
      `readme-commands: ${problems.length} pnpm command(s) in the docs, which promise Node and npm only:\n  ${problems.join('\n  ')}\nWrite \`npm run <script> -- <args>\` for a root script, \`node scripts/pnpm.mjs <args>\` for pnpm itself, or install pnpm first in that file (npm install -g pnpm@<version>).`,
    );
    process.exit(1);
  }
  console.log(`readme-commands: no pnpm command in ${files.length} Markdown files.`);
}
