// Types of fuzz.mjs, for the tests that run it.
export interface FuzzTarget {
  kind: "gateway" | "agent" | "ledger" | string;
  url: string;
}

export interface FuzzCase {
  seed: number;
  index: number;
  kind: string;
  method: string;
  path: string;
  headers: [string, string][];
  body: string | Uint8Array;
  mode: "normal" | "chunked" | "abort" | "stall";
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface FuzzResult {
  findings: string[];
  counts: {
    sent: number;
    byStatus: Record<string, number>;
    byMode: Record<string, number>;
    slow: string[];
  };
  ms: number;
}

export declare const ROUTES: Record<string, [string, string][]>;
/** Process ids the fuzz's executes use that the caller registers: served by the example agents. */
export declare const SERVED_PROCESSES: string[];
/** Registered too: one the echo agent refuses (another owner's) and one with no reachable agent. */
export declare const AGENTLESS_PROCESSES: string[];
export declare function prng(seed: number): {
  next(): number;
  int(n: number): number;
  pick<T>(list: T[]): T;
  chance(p: number): boolean;
};
export declare function fuzzCase(seed: number, index: number, kinds: string[]): FuzzCase;
export declare function describeCase(c: FuzzCase): string;
export declare function parseAnswer(raw: Uint8Array): Answer | undefined;
export declare function send(
  c: FuzzCase,
  origin: string,
  options?: { stallMs?: number; timeoutMs?: number },
): Promise<Answer | { error: string } | { aborted: true }>;
export declare function judge(c: FuzzCase, answer: object): string | undefined;
export declare function allHealthy(origins: FuzzTarget[], timeoutMs?: number): Promise<string[]>;
export declare function runFuzz(options: {
  seed: number;
  requests: number;
  targets: FuzzTarget[];
  concurrency?: number;
  batch?: number;
  maxFindings?: number;
  deadlineMs?: number;
  stallMs?: number;
  timeoutMs?: number;
}): Promise<FuzzResult>;
