export { findSharedDirectory } from './find-shared-directory.ts';
export { type ConformanceVector, readConformanceVectors, readJsonLines } from './read-conformance-vectors.ts';
