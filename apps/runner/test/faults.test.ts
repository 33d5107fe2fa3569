import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory, startMockModelServer } from '@medhelm/testing';
import { FAULT_KINDS } from '@medhelm/testing/internal';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// The PubMedQA sample (MIT), bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['data/pubmed_qa']);
const RUN = 'pubmed_qa:model=openai-compatible_m,model_deployment=openai-compatible_m';

/** A deterministic "model": answers from the prompt alone, so two runs agree instance by instance. */
function answer(prompt: string): string {
  let hash = 0;
  for (const character of prompt) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return 'ABC'[hash % 3]!;
}

interface StatRecord {
  name: { name: string };
  count: number;
  sum: number;
}

/** Everything but wall-clock timing, which differs between any two runs. */
function withoutTiming(stats: StatRecord[]): StatRecord[] {
  return stats.filter((stat) => stat.name.name !== 'inference_runtime');
}

// A 200-instance run (the real PubMedQA sample) against a server that faults 20% of calls with
// every kind of fault: every instance completes and the stats equal a fault-free run's.
describe.skipIf(fidelityDirectory === undefined)('runs through faults', () => {
  it('completes a 200-instance run with 20% faults of every kind, stats identical to a fault-free run, Retry-After respected', {
    timeout: 120_000,
  }, async () => {
    const dataDirectory = join(fidelityDirectory ?? '', 'data', 'pubmed_qa');
    const run = async (faulty: boolean) => {
      const server = await startMockModelServer({
        wires: ['openai'],
        reply: (call) => answer(call.prompt),
        ...(faulty ? { faults: { rate: 0.2, kinds: FAULT_KINDS, seed: 7, retryAfterSeconds: 1 } } : {}),
      });
      try {
        const cwd = mkdtempSync(join(tmpdir(), 'medhelm-faults-'));
        const result = await runCli(
          [
            'run',
            '--benchmarks',
            'pubmed_qa',
            '--models',
            'openai-compatible:m',
            '--base-url',
            server.baseUrl,
            '--data-dir',
            dataDirectory,
            '--concurrency',
            '8',
            '--timeout',
            '1',
            '--max-retries',
            '8',
          ],
          { cwd },
        );
        const directory = join(cwd, 'benchmark_output', 'runs', 'latest', RUN);
        return {
          result,
          server,
          stats: JSON.parse(readFileSync(join(directory, 'stats.json'), 'utf8')) as StatRecord[],
          perInstance: JSON.parse(readFileSync(join(directory, 'per_instance_stats.json'), 'utf8')) as Array<{
            instance_id: string;
            stats: StatRecord[];
          }>,
          report: JSON.parse(readFileSync(join(directory, 'medhelm_run.json'), 'utf8')) as {
            counts: { completed: number; failed: number };
          },
        };
      } finally {
        await server.close();
      }
    };

    const clean = await run(false);
    const faulty = await run(true);
    expect(clean.result.exitCode).toBe(0);
    expect(faulty.result.stderr).not.toContain('failed');
    expect(faulty.result.exitCode).toBe(0);
    expect(faulty.report.counts).toMatchObject({ completed: 200, failed: 0 });
    expect(new Set(faulty.server.faults.map((fault) => fault.kind))).toEqual(new Set(FAULT_KINDS));
    expect(faulty.server.faults.length).toBeGreaterThanOrEqual(25);

    expect(withoutTiming(faulty.stats)).toEqual(withoutTiming(clean.stats));
    expect(faulty.perInstance.map((entry) => ({ ...entry, stats: withoutTiming(entry.stats) }))).toEqual(
      clean.perInstance.map((entry) => ({ ...entry, stats: withoutTiming(entry.stats) })),
    );

    const checks = faulty.server.retryAfterCompliance();
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((check) => check.retried && !check.compliant)).toEqual([]);
  });
});
