import type { SiteAccessTier } from '@medhelm/leaderboard';

const TIER_TEXT: Record<Exclude<SiteAccessTier, 'public'>, string> = {
  gated:
    'Gated data: this benchmark uses credentialed data (e.g. PhysioNet). Share its instances only under the data use agreement.',
  private:
    'Private data: this benchmark uses private clinical data. Do not share its instances outside your institution.',
};

/** The banner over a gated or private run; nothing for public runs or runs without a recorded tier. */
export function TierBanner({ access }: { access: SiteAccessTier | null }) {
  if (access === null || access === 'public') return null;
  return (
    <div className={`tier-banner tier-${access}`} role="alert" data-testid="tier-banner">
      <strong>{access}</strong> {TIER_TEXT[access]}
    </div>
  );
}
