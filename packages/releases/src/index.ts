// The contract of @medhelm/releases: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export type { Release } from './release.ts';
export {
  findRelease,
  releaseNames,
  releaseOf,
} from './releases.ts';
