import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

/** Families the vectors of every folder must check: each metric family kind and benchmark prompts. */
const CHECKED_FAMILIES = [
  'porter_stemmer',
  'word_tokenize',
  'downsample',
  'rouge',
  'bleu',
  'ehr_sql',
  'prompts/pubmed_qa',
  'prompts/medcalc_bench',
  'prompts/ehr_sql',
  'jury_prompts/aci_bench',
];
/** Benchmarks whose vectors may not be redistributed, so only the shared folder's run checks them. */
const WITHHELD_FAMILIES = ['prompts/mtsamples_replicate', 'jury_prompts/medi_qa'];

// The vectors and data bundled in the repository (@medhelm/fidelity-vectors), so CI's check runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance', 'conformance-gated-private', 'data']);
// The whole shared folder, with the benchmarks the bundle may not carry (withheld.json).
const withheldDirectory = findFidelityDirectory([
  ...WITHHELD_FAMILIES.map((family) => `conformance/${family}.jsonl`),
  'data/mtsamples_replicate',
  'data/medi_qa',
]);

/** Runs `medhelm conformance` over `folder`'s vectors and data and expects every file to pass, none skipped. */
async function expectEveryVectorPasses(folder: string, families: readonly string[]): Promise<void> {
  const result = await runCli(
    ['conformance', join(folder, 'conformance'), '--data-root', join(folder, 'data')],
    { cwd: folder },
  );
  const lines = result.stdout.trim().split('\n');
  expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
  expect(lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
  // Every prompt and judge-prompt vector file is checked: every benchmark with data is installed.
  expect(lines.filter((line) => line.startsWith('skipped'))).toEqual([]);
  for (const family of families) {
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${family}: [1-9]\\d* passed, 0 failed$`)),
    );
  }
  expect(result.exitCode).toBe(0);
}

// CI enforces HELM conformance: every metric family, the Porter stemmer, the word tokenizer,
// downsampling and the installed benchmarks' prompts, over the vectors HELM's own code produced.
describe.skipIf(withheldDirectory === undefined)(
  'medhelm conformance over the shared folder (with the medbullets, MTSamples, MEDIQA and MedicationQA vectors)',
  () => {
    it('passes every case', { timeout: 120_000 }, async () => {
      await expectEveryVectorPasses(withheldDirectory ?? '', [...CHECKED_FAMILIES, ...WITHHELD_FAMILIES]);
    });
  },
);

describe.skipIf(fidelityDirectory === undefined)('medhelm conformance over the bundled vectors', () => {
  it('passes every case', { timeout: 120_000 }, async () => {
    await expectEveryVectorPasses(fidelityDirectory ?? '', CHECKED_FAMILIES);
  });

  it('passes every gated, private and user-defined vector file, none skipped, each line under its own run entry', {
    timeout: 300_000,
  }, async () => {
    const bundle = fidelityDirectory ?? '';
    const folder = join(bundle, 'conformance-gated-private');
    const result = await runCli(['conformance', folder, '--data-root', join(bundle, 'data')], {
      cwd: bundle,
    });
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('skipped'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    const families = ['prompts', 'jury_prompts'].flatMap((kind) =>
      readdirSync(join(folder, kind))
        .filter((file) => file.endsWith('.jsonl'))
        .map((file) => `${kind}/${file.slice(0, -'.jsonl'.length)}`),
    );
    // The 7 gated and 14 private benchmarks and the user-defined one, their judge prompts too.
    expect(families.length).toBeGreaterThanOrEqual(30);
    for (const family of families) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${family}: [1-9]\\d* passed, 0 failed$`)),
      );
    }
    expect(result.exitCode).toBe(0);
  });

  it('prints each failing case and exits 1 when our result differs, and fails on files it does not understand', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'medhelm-vectors-'));
    const lines = readFileSync(join(fidelityDirectory ?? '', 'conformance', 'exact_match.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const first = JSON.parse(lines[0]!) as { expected: { exact_match: number } };
    first.expected.exact_match = 1 - first.expected.exact_match;
    writeFileSync(
      join(folder, 'exact_match.jsonl'),
      [JSON.stringify(first), ...lines.slice(1, 5)].join('\n'),
    );
    writeFileSync(join(folder, 'not_a_family.jsonl'), '{"expected": {}}\n');
    const result = await runCli(['conformance', folder], { cwd: folder });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('FAIL exact_match #1: exact_match: expected');
    expect(result.stdout).toContain('exact_match: 4 passed, 1 failed');
    expect(result.stdout).toContain('FAIL not_a_family.jsonl: not a vector family this release understands');
    expect(result.stdout.trim().split('\n').at(-1)).toBe('4 passed, 2 failed');
  });
});

describe('medhelm conformance without vectors', () => {
  it('says where the vectors come from when the folder does not exist', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-no-vectors-'));
    const result = await runCli(['conformance', 'conformance'], { cwd });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: ${join(cwd, 'conformance')} is not a folder`);
    expect(result.stderr).toContain("made by running HELM's own code");
    expect(result.stderr).toContain('medhelm conformance ../shared/conformance --data-root ../shared/data');
    expect(result.stderr).toContain('MEDHELM_SHARED_DIR');
  });

  it('names the folder MEDHELM_SHARED_DIR points at, and refuses a folder without vectors', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'medhelm-shared-'));
    mkdirSync(join(shared, 'conformance'));
    const empty = mkdtempSync(join(tmpdir(), 'medhelm-empty-vectors-'));
    const result = await runCli(['conformance', empty], { cwd: empty, env: { MEDHELM_SHARED_DIR: shared } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: ${empty} holds no conformance vectors`);
    expect(result.stderr).toContain(
      `MEDHELM_SHARED_DIR is ${shared}: medhelm conformance ${join(shared, 'conformance')} --data-root ${join(shared, 'data')}.`,
    );
  });
});
