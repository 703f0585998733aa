// Types of wrangler-config.mjs, for the TypeScript tests that read configs through it.

/** A wrangler config as JSON: the keys the local stack reads, the rest as parsed. */
export interface WranglerConfig {
  name?: string;
  vars?: Record<string, string>;
  env?: Record<string, Omit<WranglerConfig, "env">>;
  [key: string]: unknown;
}

export declare function parseJsonc(text: string): unknown;
export declare function readWranglerConfig(configPath: string): WranglerConfig;
export declare function configHasEnv(configPath: string, env: string | undefined): boolean;
export declare function topLevelName(configPath: string): string;
