import type { ScoreCaveats } from '@medhelm/leaderboard';
import { caveatsOf } from '../caveats.ts';

/**
 * A banner per caveat of a run (invented data, invalid judge replies), as the tier banner warns of
 * gated data.
 */
export function CaveatBanners({ caveats }: { caveats: ScoreCaveats }) {
  return (
    <>
      {caveatsOf(caveats).map((caveat) => (
        <div
          key={caveat.kind}
          className={`caveat-banner caveat-${caveat.kind}`}
          role="alert"
          data-testid={`caveat-banner:${caveat.kind}`}
        >
          {caveat.text}
        </div>
      ))}
    </>
  );
}

/** The marks beside a headline with caveats, each with its text as tooltip; nothing without. */
export function CaveatMarks({ caveats, testId }: { caveats: ScoreCaveats; testId: string }) {
  const shown = caveatsOf(caveats);
  if (shown.length === 0) return null;
  return (
    <sup className="caveat-marks" data-testid={testId}>
      {shown.map((caveat) => (
        <abbr key={caveat.kind} title={caveat.text}>
          {caveat.mark}
        </abbr>
      ))}
    </sup>
  );
}
