import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, NoSuchEntityError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { explainUnknownId } from './explain-unknown-id.ts';

describe('explainUnknownId', () => {
  const empty = mkdtempSync(join(tmpdir(), 'medhelm-unknown-id-'));

  it('says which package to install for a first-party benchmark that is not installed', () => {
    const explained = explainUnknownId(
      new NoSuchEntityError('benchmark', 'med_qa', ['pubmed_qa']),
      {},
      {
        cwd: empty,
      },
    ) as NoSuchEntityError;
    expect(NoSuchEntityError.isInstance(explained)).toBe(true);
    expect(explained.message).toBe('Unknown benchmark "med_qa". Known benchmarks: pubmed_qa.');
    expect(explained.hint).toMatch(
      /^"med_qa" is a first-party MedHELM benchmark that is not installed: npm install @medhelm\/benchmark-med-qa \(/,
    );
  });

  it('suggests --discover-plugins when a dependency of the project provides the id', () => {
    const project = mkdtempSync(join(tmpdir(), 'medhelm-unknown-id-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'study', dependencies: { 'acme-scorers': '^1.0.0' } }),
    );
    mkdirSync(join(project, 'node_modules', 'acme-scorers'), { recursive: true });
    writeFileSync(
      join(project, 'node_modules', 'acme-scorers', 'package.json'),
      JSON.stringify({
        name: 'acme-scorers',
        version: '1.0.0',
        type: 'module',
        exports: { '.': './index.mjs' },
        medhelm: { kind: 'scorer', specificationVersion: 'v1', ids: ['readability'] },
      }),
    );
    writeFileSync(join(project, 'node_modules', 'acme-scorers', 'index.mjs'), 'export const plugin = {};\n');
    const unknown = new NoSuchEntityError('scorer', 'readability', ['hedging']);
    const explained = explainUnknownId(unknown, {}, { cwd: project }) as NoSuchEntityError;
    expect(explained.hint).toBe(
      'acme-scorers (dependency in package.json) provides the scorer "readability" but was not loaded: pass --discover-plugins, set discoverPlugins: true in the run config, or list it under its plugins.',
    );
    // With discovery on, or for an id nothing provides, the error is left as it is.
    expect(explainUnknownId(unknown, { discoverPlugins: true }, { cwd: project })).toBe(unknown);
    const nobody = new NoSuchEntityError('scorer', 'fluency', ['hedging']);
    expect(explainUnknownId(nobody, {}, { cwd: project })).toBe(nobody);
  });

  it('leaves other errors alone', () => {
    const other = new ConfigError('--timeout must be a number');
    expect(explainUnknownId(other, {}, { cwd: empty })).toBe(other);
  });
});
