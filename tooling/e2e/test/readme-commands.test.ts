import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The README's commands work with Node and npm only (pnpm runs through npx inside the scripts):
 * scripts/readme-commands.mjs, part of `npm run check`, fails on a `pnpm ...` command in the docs
 * unless the file installs pnpm first. These tests pin down what it reports, and run it on the
 * repository's docs.
 */

const repositoryRoot = resolve(import.meta.dirname, '../../..');
const script = join(repositoryRoot, 'scripts', 'readme-commands.mjs');
const { pnpmCommandLines } = (await import(pathToFileURL(script).href)) as {
  pnpmCommandLines: (markdown: string) => Array<{ line: number; text: string }>;
};

describe('readme-commands', () => {
  it('reports pnpm commands in shell blocks and inline code, with their line numbers', () => {
    const markdown = [
      'Run `pnpm build` first, or `npm run build`.',
      '```sh',
      'npm run medhelm -- list',
      '$ pnpm medhelm run --benchmarks pubmed_qa',
      'mkdir out && cd out && pnpm pack-all --dest .',
      'MEDHELM_SHARED_DIR=/x pnpm exec vitest run',
      'npm run build   # not pnpm build: a comment',
      '```',
      '```yaml',
      'pnpm: not a command in YAML',
      '```',
      'The `pnpm-workspace.yaml` file and `pnpm@12.4.2` are names, not commands.',
    ].join('\n');
    expect(pnpmCommandLines(markdown)).toEqual([
      { line: 1, text: 'pnpm build' },
      { line: 4, text: '$ pnpm medhelm run --benchmarks pubmed_qa' },
      { line: 5, text: 'mkdir out && cd out && pnpm pack-all --dest .' },
      { line: 6, text: 'MEDHELM_SHARED_DIR=/x pnpm exec vitest run' },
    ]);
  });

  it('accepts pnpm commands after the file installs pnpm', () => {
    const markdown = ['`pnpm check` needs pnpm:', '```sh', 'npm install -g pnpm@12.4.2', 'pnpm check', '```'];
    expect(pnpmCommandLines(markdown.join('\n'))).toEqual([{ line: 1, text: 'pnpm check' }]);
    expect(pnpmCommandLines(markdown.slice(1).join('\n'))).toEqual([]);
  });

  it("finds no pnpm command in this repository's READMEs and docs", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [script]);
    expect(stdout).toMatch(/^readme-commands: no pnpm command in \d+ Markdown files\.$/m);
  });
});
