import type { ViteUserConfig } from 'vitest/config';

export declare function medhelmVitestProject(options?: {
  testTimeout?: number;
  include?: string[];
}): ViteUserConfig;
