/** A dot of the cost plot, in pixels, and the label it would carry. */
export interface LabelledDot {
  x: number;
  y: number;
  text: string;
}

/** Where a dot's label goes: to the right of the dot, to its left, or nowhere. */
export type LabelSide = 'right' | 'left' | null;

/** The plot's size and the sizes the placement reckons with, in pixels. */
export interface LabelArea {
  width: number;
  height: number;
  /** The dots' radius: labels keep clear of every dot. */
  dotRadius: number;
  /** Between a dot and its label. */
  gap: number;
  /** Estimated width of a character (Plot's text is 10px sans-serif: about 6px a character). */
  charWidth: number;
  lineHeight: number;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Places the dots' labels so that none overlaps another label or a dot, and none leaves the plot.
 * Observable Plot draws text marks where it is told, overlapping or not (its docs advise labelling
 * fewer points), so this decides which: in the order given (the caller puts the best models first),
 * each label goes right of its dot, else left of it, where that is free; else it is left out, and
 * the dot's tooltip still names the model. With two models every label fits; with twenty, those
 * in a crowd give way.
 */
export function placeLabels(dots: readonly LabelledDot[], area: LabelArea): LabelSide[] {
  const taken: Box[] = dots.map((dot) => ({
    left: dot.x - area.dotRadius,
    right: dot.x + area.dotRadius,
    top: dot.y - area.dotRadius,
    bottom: dot.y + area.dotRadius,
  }));
  return dots.map((dot, position) => {
    const width = dot.text.length * area.charWidth;
    const top = dot.y - area.lineHeight / 2;
    const bottom = dot.y + area.lineHeight / 2;
    const candidates: Array<[Exclude<LabelSide, null>, Box]> = [
      ['right', { left: dot.x + area.gap, right: dot.x + area.gap + width, top, bottom }],
      ['left', { left: dot.x - area.gap - width, right: dot.x - area.gap, top, bottom }],
    ];
    for (const [side, box] of candidates) {
      const inside = box.left >= 0 && box.right <= area.width && box.top >= 0 && box.bottom <= area.height;
      // A dot's own box never blocks its label (the gap keeps them apart).
      if (inside && !taken.some((other, index) => index !== position && overlaps(box, other))) {
        taken.push(box);
        return side;
      }
    }
    return null;
  });
}
