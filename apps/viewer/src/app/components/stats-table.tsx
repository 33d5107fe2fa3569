import type { SiteStat } from '@medhelm/leaderboard';
import { formatCount, formatScore } from '../format.ts';

/** A stats table (stats.json or one instance's stats); `testIdPrefix` marks plain stats for tests. */
export function StatsTable({ stats, testIdPrefix }: { stats: readonly SiteStat[]; testIdPrefix: string }) {
  return (
    <table className="stats">
      <thead>
        <tr>
          <th>Stat</th>
          <th>Split</th>
          <th>Sub-split</th>
          <th>Perturbation</th>
          <th>Count</th>
          <th>Value</th>
        </tr>
      </thead>
      <tbody>
        {stats.map((stat) => {
          const plain = stat.sub_split === null && stat.perturbation === null;
          const key = `${stat.name}|${stat.split}|${stat.sub_split}|${stat.perturbation}`;
          return (
            <tr key={key}>
              <td>{stat.name}</td>
              <td>{stat.split ?? ''}</td>
              <td>{stat.sub_split ?? ''}</td>
              <td>{stat.perturbation ?? ''}</td>
              <td className="number">{formatCount(stat.count)}</td>
              <td
                className="number"
                data-testid={plain ? `${testIdPrefix}:${stat.name}:${stat.split ?? ''}` : undefined}
              >
                {formatScore(stat.value)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
