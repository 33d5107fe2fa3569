import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedFiles, outOfDateFiles, writeGeneratedFiles } from './generated-files.ts';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A repository holding only what the generator reads: the root and runner manifests and PubMedQA's hand-written files. */
function fixtureRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'medhelm-generate-'));
  for (const file of [
    'package.json',
    'apps/runner/package.json',
    'plugins/benchmarks/pubmed-qa/package.json',
    'plugins/benchmarks/pubmed-qa/src/benchmark-card.json',
    'plugins/benchmarks/pubmed-qa/src/pubmed-qa-benchmark.ts',
    'plugins/benchmarks/pubmed-qa/src/pubmed-qa-public.ts',
  ]) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    cpSync(join(repositoryRoot, file), join(root, file));
  }
  return root;
}

function editCard(root: string, edit: (card: Record<string, unknown>) => void): void {
  const path = join(root, 'plugins/benchmarks/pubmed-qa/src/benchmark-card.json');
  const card = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(card);
  writeFileSync(path, JSON.stringify(card));
}

describe('npm run generate', () => {
  it('has left every generated file of this repository up to date (else: run npm run generate)', () => {
    expect(outOfDateFiles(repositoryRoot, generatedFiles(repositoryRoot))).toEqual([]);
  });

  it('writes the glue a package lacks, and then finds nothing out of date', () => {
    const root = fixtureRepository();
    expect(writeGeneratedFiles(root).written).toEqual([
      'plugins/benchmarks/pubmed-qa/src/index.ts',
      'plugins/benchmarks/pubmed-qa/src/pubmed-qa-card.ts',
      'plugins/benchmarks/pubmed-qa/tsconfig.json',
      'plugins/benchmarks/pubmed-qa/tsdown.config.ts',
      'plugins/benchmarks/pubmed-qa/vitest.config.ts',
      'apps/runner/src/plugins/first-party-benchmark-packages.ts',
      // The fixture holds one benchmark, so the runner's optional peers shrink to it.
      'apps/runner/package.json',
    ]);
    expect(outOfDateFiles(root, generatedFiles(root))).toEqual([]);
    expect(readFileSync(join(root, 'plugins/benchmarks/pubmed-qa/src/index.ts'), 'utf8')).toBe(
      readFileSync(join(repositoryRoot, 'plugins/benchmarks/pubmed-qa/src/index.ts'), 'utf8'),
    );
  });

  it("finds the files a card's display name reaches out of date until generate runs again", () => {
    const root = fixtureRepository();
    writeGeneratedFiles(root);
    editCard(root, (card) => {
      card.displayName = 'PubMedQA (renamed)';
    });
    expect(outOfDateFiles(root, generatedFiles(root))).toEqual([
      'plugins/benchmarks/pubmed-qa/src/index.ts',
      'plugins/benchmarks/pubmed-qa/src/pubmed-qa-card.ts',
    ]);
    writeGeneratedFiles(root);
    expect(readFileSync(join(root, 'plugins/benchmarks/pubmed-qa/src/index.ts'), 'utf8')).toContain(
      '/** The PubMedQA (renamed) benchmark (`pubmed_qa`), as the runner registers it. */',
    );
  });

  it("carries a card's id into the package manifest and the runner's first-party list", () => {
    const root = fixtureRepository();
    writeGeneratedFiles(root);
    editCard(root, (card) => {
      card.id = 'pubmed_qa_v2';
    });
    expect(outOfDateFiles(root, generatedFiles(root))).toEqual([
      'plugins/benchmarks/pubmed-qa/src/index.ts',
      'plugins/benchmarks/pubmed-qa/package.json',
      'apps/runner/src/plugins/first-party-benchmark-packages.ts',
    ]);
    writeGeneratedFiles(root);
    const manifest = JSON.parse(
      readFileSync(join(root, 'plugins/benchmarks/pubmed-qa/package.json'), 'utf8'),
    );
    expect(manifest.medhelm.ids).toEqual(['pubmed_qa_v2']);
    expect(
      readFileSync(join(root, 'apps/runner/src/plugins/first-party-benchmark-packages.ts'), 'utf8'),
    ).toContain("  pubmed_qa_v2: '@medhelm/benchmark-pubmed-qa',\n");
  });

  it('finds a hand edit of a generated file', () => {
    const root = fixtureRepository();
    writeGeneratedFiles(root);
    writeFileSync(join(root, 'plugins/benchmarks/pubmed-qa/vitest.config.ts'), 'export default {};\n');
    expect(outOfDateFiles(root, generatedFiles(root))).toEqual([
      'plugins/benchmarks/pubmed-qa/vitest.config.ts',
    ]);
  });

  it('refuses a package whose benchmark file lacks the factory the index calls', () => {
    const root = fixtureRepository();
    writeFileSync(
      join(root, 'plugins/benchmarks/pubmed-qa/src/pubmed-qa-benchmark.ts'),
      'export const x = 1;\n',
    );
    expect(() => generatedFiles(root)).toThrow(
      '@medhelm/benchmark-pubmed-qa: src/pubmed-qa-benchmark.ts must export the function createPubmedQaBenchmark().',
    );
  });
});
