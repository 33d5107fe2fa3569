import { resolve } from 'node:path';
import {
  type DisplayTable,
  modelsTable,
  provenanceLines,
  readLeaderboardSchema,
  scoresTable,
  summarizeSuite,
  writeLeaderboardFiles,
} from '@medhelm/leaderboard';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { textTable } from '../output/text-table.ts';

/** Options of `medhelm summarize`. */
export interface SummarizeCommandOptions {
  suite: string;
  outputPath: string;
  schema?: string;
  /** `--mix-releases`: rank runs of different releases or benchmark versions together anyway. */
  mixReleases?: boolean;
}

/**
 * `medhelm summarize --suite <name>`: the suite's leaderboard from its run directories (ours and
 * HELM-written), written to `<output-path>/summaries/<suite>/leaderboard.{json,csv,md}` and printed.
 */
export async function summarizeCommand(options: SummarizeCommandOptions, io: CliIo): Promise<number> {
  const outputPath = resolve(io.cwd, options.outputPath);
  const leaderboard = await summarizeSuite({
    outputPath,
    suite: options.suite,
    ...(options.schema === undefined
      ? {}
      : { schema: readLeaderboardSchema(resolve(io.cwd, options.schema)) }),
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
    mixReleases: options.mixReleases === true,
  });
  const written = await writeLeaderboardFiles(leaderboard, outputPath);
  if (leaderboard.models.length === 0) {
    io.stderr.write(`warning: suite ${options.suite} has no run the leaderboard schema knows.\n`);
  }
  const provenance = provenanceLines(leaderboard);
  io.stdout.write(
    `${provenance.length === 0 ? '' : `${provenance.join('\n')}\n\n`}${printTable(modelsTable(leaderboard))}\n\n${printTable(scoresTable(leaderboard))}\n\n${written.map((path) => `wrote ${path}`).join('\n')}\n`,
  );
  return ExitCode.ok;
}

/** A library display table as the terminal's text table, its notes (what its marks mean) under it. */
export function printTable(table: DisplayTable): string {
  const text = textTable(table.header, table.rows, new Set(table.numeric));
  return [text, ...(table.notes ?? [])].join('\n');
}
