import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const sharedDirectory = findSharedDirectory();

// CI enforces HELM conformance: every metric family, the Porter stemmer, the word tokenizer,
// downsampling and the installed benchmarks' prompts, over the vectors HELM's own code produced.
describe.skipIf(sharedDirectory === undefined)('medhelm conformance over the shared vectors', () => {
  it('passes every case', { timeout: 120_000 }, async () => {
    const shared = sharedDirectory ?? '';
    const result = await runCli(
      ['conformance', join(shared, 'conformance'), '--data-root', join(shared, 'data')],
      {
        cwd: shared,
      },
    );
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    // Every prompt and judge-prompt vector file is checked: every benchmark with shared data is installed.
    expect(lines.filter((line) => line.startsWith('skipped'))).toEqual([]);
    for (const family of [
      'porter_stemmer',
      'word_tokenize',
      'downsample',
      'rouge',
      'bleu',
      'ehr_sql',
      'prompts/pubmed_qa',
      'prompts/medcalc_bench',
      'prompts/ehr_sql',
      'prompts/mtsamples_replicate',
      'jury_prompts/aci_bench',
      'jury_prompts/medi_qa',
    ]) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${family}: [1-9]\\d* passed, 0 failed$`)),
      );
    }
    expect(result.exitCode).toBe(0);
  });

  it('passes every gated and private vector, each line under its own run entry', {
    timeout: 300_000,
  }, async () => {
    const shared = sharedDirectory ?? '';
    const result = await runCli(
      ['conformance', join(shared, 'conformance-gated-private'), '--data-root', join(shared, 'data')],
      { cwd: shared },
    );
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    for (const family of [
      'prompts/ehrshot',
      'prompts/medalign',
      'prompts/n2c2_ct_matching',
      'prompts/dischargeme',
      'prompts/mimic_bhc',
      'prompts/mimic_rrs',
      'prompts/mimiciv_billing_code',
      'prompts/clear',
      'prompts/chw_care_plan',
      'prompts/starr_patient_instructions',
      'prompts/mental_health',
      'prompts/shc_bmt_med',
      'prompts/shc_cdi_med',
      'prompts/shc_conf_med',
      'prompts/shc_ent_med',
      'prompts/shc_gip_med',
      'prompts/shc_privacy_med',
      'prompts/shc_proxy_med',
      'prompts/shc_ptbm_med',
      'prompts/shc_sei_med',
      'prompts/shc_sequoia_med',
      'jury_prompts/medalign',
      'jury_prompts/dischargeme',
      'jury_prompts/mimic_bhc',
      'jury_prompts/mimic_rrs',
      'jury_prompts/chw_care_plan',
      'jury_prompts/starr_patient_instructions',
      'jury_prompts/mental_health',
    ]) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${family}: [1-9]\\d* passed, 0 failed$`)),
      );
    }
    expect(result.exitCode).toBe(0);
  });

  it('prints each failing case and exits 1 when our result differs, and fails on files it does not understand', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'medhelm-vectors-'));
    const lines = readFileSync(join(sharedDirectory ?? '', 'conformance', 'exact_match.jsonl'), 'utf8')
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
