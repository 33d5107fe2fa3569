import { chmodSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { findRunDirectories } from './find-run-directories.ts';
import { verifyRunDirectory } from './verify-run-directory.ts';

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const SAMPLE_SUITE = join(fidelityDirectory ?? '', 'reference', 'helm-sample-run');
const SAMPLE_RUN =
  'pubmed_qa:model=openai_gpt-4o-2024-05-13,model_deployment=stanfordhealthcare_gpt-4o-2024-05-13';

/** A run HELM itself wrote (reference/helm-sample-run, bundled): three PubMedQA instances. */
describe.skipIf(fidelityDirectory === undefined)('verifyRunDirectory on a run HELM wrote', () => {
  it("recomputes all of HELM's stats.json but its three derived stats, bit for bit", async () => {
    const [directory] = findRunDirectories(SAMPLE_SUITE);
    expect(directory).toBe(join(SAMPLE_SUITE, SAMPLE_RUN));
    const result = await verifyRunDirectory(directory ?? '');
    expect(result.differences).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.runName).toBe(SAMPLE_RUN);
    // 81 entries: 27 per-instance stats, 50 worst-case copies (of the 25 that have values),
    // num_instances, and BasicMetric's derive_stats: perplexity, bits_per_byte, logprob_per_byte.
    expect(result.stats.recomputed).toBe(78);
    expect(result.stats.notRecomputed.map((entry) => entry.stat.name)).toEqual([
      'perplexity',
      'bits_per_byte',
      'logprob_per_byte',
    ]);
    expect(result.notes).toEqual([expect.stringContaining('no medhelm_run.json')]);
  });

  it('fails a copy with one edited number in stats.json', async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'medhelm-verify-helm-')), SAMPLE_RUN);
    cpSync(join(SAMPLE_SUITE, SAMPLE_RUN), copy, { recursive: true });
    const statsPath = join(copy, 'stats.json');
    // The shared sample is read-only, and the copy keeps its modes.
    chmodSync(copy, 0o755);
    chmodSync(statsPath, 0o644);
    const text = readFileSync(statsPath, 'utf8');
    // The first number of exact_match's entry: its sum, 0.6666666666666666 (two of three right).
    const at = text.indexOf('"sum": 0.6666666666666666', text.indexOf('"name": "exact_match"'));
    writeFileSync(statsPath, `${text.slice(0, at)}"sum": 0.6666666666666667${text.slice(at + 25)}`);
    const result = await verifyRunDirectory(copy);
    expect(result.ok).toBe(false);
    expect(result.differences.map((difference) => difference.message)).toEqual([
      'stats.json: exact_match (split test): sum 0.6666666666666667 in stats.json, 0.6666666666666666 from per_instance_stats.json',
    ]);
  });
});
