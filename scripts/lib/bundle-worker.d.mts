// Types of bundle-worker.mjs, for the TypeScript that bundles Workers through it (test pools).
import type { WorkerOptions } from "miniflare";

/** The config's custom build (`build.command`), once per config per process. */
export declare function runCustomBuild(configPath: string): Promise<unknown>;

/** Bundles a Worker's entry module for workerd into outfile; resolves to outfile. */
export declare function bundleWorkerCode(options: {
  entry: string;
  outfile: string;
}): Promise<string>;

export declare function bundleWorker(options: {
  /** Absolute path of the Worker's wrangler config. */
  configPath: string;
  /** Where the bundle is written (outDir/<name>.mjs); also the modules root. */
  outDir: string;
  /** A wrangler environment, used only when the config has it. */
  env?: string;
  /** The Worker's name (default: the config's top-level name). */
  name?: string;
}): Promise<WorkerOptions & { name: string; bindings: Record<string, unknown> }>;
