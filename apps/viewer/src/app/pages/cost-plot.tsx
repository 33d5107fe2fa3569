import type { Leaderboard } from '@medhelm/leaderboard';
import * as Plot from '@observablehq/plot';
import { PlotFigure } from '../components/plot-figure.tsx';

/** One model's point: what it cost (dollars, else tokens) against its mean win rate. */
interface CostPoint {
  model: string;
  cost: number;
  score: number;
}

/**
 * Candidate (plus jury) cost against mean win rate, one dot per model. Dollars when every model's
 * price is known, else tokens; models with neither are listed below the plot.
 */
export function CostPlot({ leaderboard }: { leaderboard: Leaderboard }) {
  const byDollars = leaderboard.models.every((model) => model.cost.candidate.usd !== null);
  const points: CostPoint[] = [];
  const unplotted: string[] = [];
  for (const model of leaderboard.models) {
    const cost = byDollars ? dollarsOf(model.cost) : tokensOf(model.cost);
    if (cost === null || model.mean_win_rate === null) unplotted.push(model.model);
    else points.push({ model: model.model, cost, score: model.mean_win_rate });
  }
  const xLabel = byDollars ? 'Cost (USD, candidate + jury) →' : 'Tokens (candidate, prompt + completion) →';
  return (
    <figure data-testid="cost-plot">
      <PlotFigure
        plotKey={JSON.stringify(points)}
        draw={() =>
          Plot.plot({
            width: 720,
            height: 360,
            marginRight: 120,
            grid: true,
            x: { label: xLabel },
            y: { label: '↑ Mean win rate', domain: [0, 1] },
            marks: [
              Plot.dot(points, { x: 'cost', y: 'score', fill: 'steelblue', r: 5, tip: true, title: 'model' }),
              Plot.text(points, { x: 'cost', y: 'score', text: 'model', dx: 8, textAnchor: 'start' }),
            ],
          })
        }
      />
      {unplotted.length === 0 ? null : (
        <figcaption>Without cost or win rate: {unplotted.join(', ')}</figcaption>
      )}
    </figure>
  );
}

function dollarsOf(cost: Leaderboard['models'][number]['cost']): number | null {
  if (cost.candidate.usd === null) return null;
  return cost.candidate.usd + (cost.jury.usd ?? 0);
}

function tokensOf(cost: Leaderboard['models'][number]['cost']): number | null {
  if (cost.candidate.prompt_tokens === null) return null;
  return cost.candidate.prompt_tokens + (cost.candidate.completion_tokens ?? 0);
}
