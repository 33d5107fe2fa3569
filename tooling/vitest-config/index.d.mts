import type { UserWorkspaceConfig } from 'vitest/config';

export declare function medhelmVitestProject(options?: {
  testTimeout?: number;
  include?: string[];
}): UserWorkspaceConfig;
