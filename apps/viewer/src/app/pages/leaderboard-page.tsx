import type { Leaderboard, LeaderboardModel } from '@medhelm/leaderboard';
import { useState } from 'react';
import { CAVEAT_LEGEND, caveatsOf } from '../caveats.ts';
import { CaveatMarks } from '../components/caveat-banners.tsx';
import { LoadStatus } from '../components/load-status.tsx';
import { formatInterval, formatScore } from '../format.ts';
import { type LeaderboardTableColumn, leaderboardColumns, sortModels } from '../leaderboard-columns.ts';
import { loadLeaderboard } from '../loading/load-site-data.ts';
import { useLoaded } from '../loading/use-loaded.ts';
import { benchmarkHref, runHref } from '../route.ts';
import { CostPlot } from './cost-plot.tsx';

/** The suite's leaderboard (sortable) and the cost-versus-score plot. */
export function LeaderboardPage() {
  const loaded = useLoaded('leaderboard.json', loadLeaderboard);
  if (loaded.value === undefined) return <LoadStatus loaded={loaded} what="the leaderboard" />;
  const leaderboard = loaded.value;
  return (
    <>
      <h1>Leaderboard</h1>
      {leaderboard.models.length === 0 ? (
        <p>The suite has no run the leaderboard schema knows.</p>
      ) : (
        <LeaderboardTable leaderboard={leaderboard} />
      )}
      <h2>Cost versus score</h2>
      <CostPlot leaderboard={leaderboard} />
    </>
  );
}

function LeaderboardTable({ leaderboard }: { leaderboard: Leaderboard }) {
  const columns = leaderboardColumns(leaderboard);
  const [sort, setSort] = useState<{ key: string; reversed: boolean }>({
    key: 'mean_win_rate',
    reversed: false,
  });
  const sortBy = (key: string) =>
    setSort((current) => ({ key, reversed: current.key === key ? !current.reversed : false }));
  const rows = sortModels(
    leaderboard.models,
    columns.find((column) => column.key === sort.key),
    sort.reversed,
  );
  const arrow = (key: string) => (sort.key === key ? (sort.reversed ? ' ▲' : ' ▼') : '');
  return (
    <div className="table-scroll">
      <table className="leaderboard" data-testid="leaderboard">
        <thead>
          <tr>
            <th>
              <button type="button" onClick={() => sortBy('model')}>
                Model{arrow('model')}
              </button>
            </th>
            {columns.map((column) => (
              <th key={column.key} title={column.category ?? ''}>
                <button type="button" onClick={() => sortBy(column.key)}>
                  {column.label}
                  {arrow(column.key)}
                </button>
                {column.benchmark === undefined ? null : (
                  <a className="column-link" href={benchmarkHref(column.benchmark)}>
                    details
                  </a>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((model) => (
            <tr key={model.model}>
              <th scope="row">{model.model}</th>
              {columns.map((column) => (
                <LeaderboardCell key={column.key} model={model} column={column} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <CaveatLegend leaderboard={leaderboard} />
    </div>
  );
}

/** What each mark in the table means, for the marks it holds. */
function CaveatLegend({ leaderboard }: { leaderboard: Leaderboard }) {
  const kinds = new Set(
    leaderboard.models.flatMap((model) =>
      Object.values(model.scores).flatMap((score) => caveatsOf(score.caveats).map((caveat) => caveat.kind)),
    ),
  );
  if (kinds.size === 0) return null;
  return (
    <ul className="caveat-legend" data-testid="caveat-legend">
      {(Object.keys(CAVEAT_LEGEND) as Array<keyof typeof CAVEAT_LEGEND>)
        .filter((kind) => kinds.has(kind))
        .map((kind) => (
          <li key={kind}>{CAVEAT_LEGEND[kind]}</li>
        ))}
    </ul>
  );
}

function LeaderboardCell({ model, column }: { model: LeaderboardModel; column: LeaderboardTableColumn }) {
  const testId = `${column.key}:${model.model}`;
  if (column.benchmark === undefined) {
    return (
      <td className="number">
        <span data-testid={testId}>{formatScore(column.value(model))}</span>
      </td>
    );
  }
  const score = model.scores[column.benchmark];
  if (score === undefined) return <td className="number missing">–</td>;
  const run = score.runs[0];
  const value = <span data-testid={testId}>{formatScore(score.value)}</span>;
  return (
    <td className="number">
      {run === undefined ? value : <a href={runHref(run)}>{value}</a>}
      {/* Beside the value, not in it: the value's text stays the number. */}
      <CaveatMarks caveats={score.caveats} testId={`caveats:${testId}`} />
      {score.ci95 === null ? null : <div className="interval">{formatInterval(score.ci95)}</div>}
      {score.corrected === null ? null : (
        <div className="corrected" title={score.corrected.metric}>
          corrected {formatScore(score.corrected.value)}
        </div>
      )}
    </td>
  );
}
