export { type Release, readRelease } from './release.ts';
export { findRelease, LATEST_RELEASE, RELEASES, releaseNames, releaseOf } from './releases.ts';
