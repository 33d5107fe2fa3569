import type { Leaderboard } from '@medhelm/leaderboard';
import * as Plot from '@observablehq/plot';
import { PlotFigure } from '../components/plot-figure.tsx';
import { formatCount, formatScore, formatTokenTick, formatUsd, formatUsdTick } from '../format.ts';
import { placeLabels } from './cost-plot-labels.ts';

/** One model's point: what it cost (dollars, else tokens) against its mean win rate. */
interface CostPoint {
  model: string;
  cost: number;
  score: number;
}

// The plot's layout is fixed here, not left to Plot, so that the label placement computes the
// same pixel positions Plot draws the dots at.
const WIDTH = 720;
const HEIGHT = 360;
const MARGIN = { top: 24, right: 24, bottom: 40, left: 48 };
const DOT_RADIUS = 5;
/** Between a dot and its label. */
const LABEL_GAP = 8;

/**
 * Candidate (plus jury) cost against mean win rate, one dot per model. Dollars when every model's
 * price is known, else tokens; models with neither are listed below the plot. The cost axis starts
 * at 0 (one model, or models of equal cost, would otherwise give an axis of one value, whose ticks
 * Plot writes with six decimals), and labels that would overlap are left to the dots' tooltips.
 */
export function CostPlot({ leaderboard }: { leaderboard: Leaderboard }) {
  const byDollars = leaderboard.models.every((model) => model.cost.candidate.usd !== null);
  const points: CostPoint[] = [];
  const unplotted: string[] = [];
  // The leaderboard lists the best mean win rate first: those models keep their labels in a crowd.
  for (const model of leaderboard.models) {
    const cost = byDollars ? dollarsOf(model.cost) : tokensOf(model.cost);
    if (cost === null || model.mean_win_rate === null) unplotted.push(model.model);
    else points.push({ model: model.model, cost, score: model.mean_win_rate });
  }
  const xLabel = byDollars ? 'Cost (USD, candidate + jury) →' : 'Tokens (candidate, prompt + completion) →';
  const tickFormat = byDollars ? formatUsdTick : formatTokenTick;
  const x = Plot.scale({
    x: {
      domain: [0, Math.max(0, ...points.map((point) => point.cost)) || 1],
      nice: true,
      range: [MARGIN.left, WIDTH - MARGIN.right],
    },
  });
  const y = Plot.scale({ y: { domain: [0, 1], range: [HEIGHT - MARGIN.bottom, MARGIN.top] } });
  const sides = placeLabels(
    points.map((point) => ({ x: x.apply(point.cost), y: y.apply(point.score), text: point.model })),
    { width: WIDTH, height: HEIGHT, dotRadius: DOT_RADIUS, gap: LABEL_GAP, charWidth: 6, lineHeight: 12 },
  );
  const labelled = (side: 'right' | 'left') => points.filter((_point, index) => sides[index] === side);
  const hidden = sides.filter((side) => side === null).length;
  return (
    <figure data-testid="cost-plot">
      <PlotFigure
        plotKey={JSON.stringify(points)}
        draw={() =>
          Plot.plot({
            width: WIDTH,
            height: HEIGHT,
            marginTop: MARGIN.top,
            marginRight: MARGIN.right,
            marginBottom: MARGIN.bottom,
            marginLeft: MARGIN.left,
            grid: true,
            x: { domain: x.domain, range: x.range, label: xLabel, tickFormat },
            y: { domain: y.domain, range: y.range, label: '↑ Mean win rate' },
            marks: [
              Plot.dot(points, {
                x: 'cost',
                y: 'score',
                r: DOT_RADIUS,
                fill: 'steelblue',
                channels: { Model: 'model' },
                tip: {
                  format: {
                    Model: true,
                    x: byDollars ? formatUsd : formatCount,
                    y: formatScore,
                  },
                },
              }),
              Plot.text(labelled('right'), {
                x: 'cost',
                y: 'score',
                text: 'model',
                dx: LABEL_GAP,
                textAnchor: 'start',
              }),
              Plot.text(labelled('left'), {
                x: 'cost',
                y: 'score',
                text: 'model',
                dx: -LABEL_GAP,
                textAnchor: 'end',
              }),
            ],
          })
        }
      />
      {hidden === 0 ? null : (
        <figcaption className="note" data-testid="cost-plot-unlabelled">
          {hidden} label{hidden === 1 ? '' : 's'} left out where they would overlap: point at a dot for its
          model.
        </figcaption>
      )}
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
