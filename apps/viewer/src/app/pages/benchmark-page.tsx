import { useState } from 'react';
import { CaveatMarks } from '../components/caveat-banners.tsx';
import { LoadStatus } from '../components/load-status.tsx';
import { formatCount, formatInterval, formatScore } from '../format.ts';
import { loadLeaderboard } from '../loading/load-site-data.ts';
import { useLoaded } from '../loading/use-loaded.ts';
import { compareHref, runHref } from '../route.ts';

/** One benchmark: each model's headline, CI, instances and jury figures, and a side-by-side picker. */
export function BenchmarkPage({ benchmark }: { benchmark: string }) {
  const loaded = useLoaded('leaderboard.json', loadLeaderboard);
  const [pair, setPair] = useState<[string, string]>(['', '']);
  if (loaded.value === undefined) return <LoadStatus loaded={loaded} what="the leaderboard" />;
  const column = loaded.value.benchmarks.find((candidate) => candidate.name === benchmark);
  if (column === undefined) return <p className="error">The suite has no benchmark {benchmark}.</p>;
  const rows = loaded.value.models.flatMap((model) => {
    const score = model.scores[benchmark];
    return score === undefined ? [] : [{ model: model.model, score }];
  });
  rows.sort((a, b) => (b.score.value ?? -Infinity) - (a.score.value ?? -Infinity));
  const runs = rows.flatMap((row) => row.score.runs);
  const [runA, runB] = pair;
  return (
    <>
      <h1>{column.display_name}</h1>
      <p>
        Headline <code>{column.metric}</code> on <code>{column.split}</code>
        {column.lower_is_better ? ' (lower is better)' : ''}; category {column.category ?? 'none'}.
      </p>
      <table data-testid="benchmark-table">
        <thead>
          <tr>
            <th>Model</th>
            <th>{column.metric}</th>
            <th>95% CI</th>
            <th>Corrected</th>
            <th>Instances</th>
            <th>Invalid judge replies</th>
            <th>Jury agreement</th>
            <th>Runs</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ model, score }) => (
            <tr key={model}>
              <th scope="row">{model}</th>
              <td className="number">
                <span data-testid={`benchmark-score:${model}`}>{formatScore(score.value)}</span>
                <CaveatMarks caveats={score.caveats} testId={`benchmark-caveats:${model}`} />
              </td>
              <td className="number">{formatInterval(score.ci95)}</td>
              <td className="number">{score.corrected === null ? '' : formatScore(score.corrected.value)}</td>
              <td className="number">{formatCount(score.instances)}</td>
              <td className="number">{score.jury === null ? '' : formatCount(score.jury.invalid_replies)}</td>
              <td className="number">{score.jury === null ? '' : formatScore(score.jury.agreement)}</td>
              <td>
                {score.runs.map((run) => (
                  <a key={run} className="run-link" href={runHref(run)}>
                    {run}
                  </a>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {runs.length < 2 ? null : (
        <section className="compare-picker">
          <h2>Side by side</h2>
          {[0, 1].map((slot) => (
            <select
              key={slot}
              aria-label={slot === 0 ? 'first run' : 'second run'}
              value={pair[slot]}
              onChange={(event) =>
                setPair((current) =>
                  slot === 0 ? [event.target.value, current[1]] : [current[0], event.target.value],
                )
              }
            >
              <option value="">choose a run</option>
              {runs.map((run) => (
                <option key={run} value={run}>
                  {run}
                </option>
              ))}
            </select>
          ))}
          {runA !== '' && runB !== '' && runA !== runB ? <a href={compareHref(runA, runB)}>Compare</a> : null}
        </section>
      )}
    </>
  );
}
