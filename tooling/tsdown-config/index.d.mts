import type { UserConfig } from 'tsdown';

export declare function medhelmTsdownConfig(options?: {
  entry?: string[];
  reflectMetadata?: boolean;
}): UserConfig;
