import { describe, expect, it } from 'vitest';
import { type LabelArea, placeLabels } from './cost-plot-labels.ts';

const area: LabelArea = { width: 720, height: 360, dotRadius: 5, gap: 8, charWidth: 6, lineHeight: 12 };

describe('placeLabels', () => {
  it('labels two models apart to the right of their dots', () => {
    expect(
      placeLabels(
        [
          { x: 100, y: 50, text: 'openai/gpt-4o-2024-05-13' },
          { x: 300, y: 300, text: 'baseline/first-option' },
        ],
        area,
      ),
    ).toEqual(['right', 'right']);
  });

  it('puts a label left of its dot where the right side would leave the plot', () => {
    expect(placeLabels([{ x: 700, y: 100, text: 'anthropic/claude-3-7-sonnet' }], area)).toEqual(['left']);
  });

  it('gives way to the labels and dots placed first: a crowd keeps only labels that fit', () => {
    // Three models at one point: the first two labels take the two sides, the third is named by
    // its tooltip only.
    expect(
      placeLabels(
        [
          { x: 200, y: 100, text: 'org/a' },
          { x: 200, y: 100, text: 'org/b' },
          { x: 200, y: 100, text: 'org/c' },
        ],
        area,
      ),
    ).toEqual(['right', 'left', null]);
    // A dot right beside another: its label goes to the free side.
    expect(
      placeLabels(
        [
          { x: 200, y: 100, text: 'org/first' },
          { x: 220, y: 100, text: 'org/second' },
        ],
        area,
      ),
    ).toEqual(['left', 'right']);
  });

  it('never lets two placed labels overlap, with twenty models in a cluster', () => {
    const dots = Array.from({ length: 20 }, (_unused, index) => ({
      x: 300 + (index % 5) * 12,
      y: 150 + Math.floor(index / 5) * 9,
      text: `provider/model-${index}`,
    }));
    const sides = placeLabels(dots, area);
    const boxes = dots.flatMap((dot, index) => {
      const width = dot.text.length * area.charWidth;
      const side = sides[index];
      if (side === null || side === undefined) return [];
      const left = side === 'right' ? dot.x + area.gap : dot.x - area.gap - width;
      return [{ left, right: left + width, top: dot.y - 6, bottom: dot.y + 6 }];
    });
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.length).toBeLessThan(20);
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap).toBe(false);
      }
    }
  });
});
