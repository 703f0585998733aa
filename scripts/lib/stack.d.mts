// Types of stack.mjs, for the TypeScript tests that boot the stack through it.
import type { ChildProcess } from "node:child_process";

export declare const ROOT: string;
export declare const DEFAULT_PORTS: { ledger: number; gateway: number };
export declare const DEFAULT_STATE_DIR: string;

export interface StackChild {
  name: string;
  process: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

export interface LocalStack {
  /** Fullnode REST base of the devnode, ending in /v1. */
  ledgerUrl: string;
  /** Origin of the devnode (faucet, /dev routes). */
  ledgerOrigin: string;
  /** Gateway origin, unless started with `gateway: false`. */
  gatewayUrl?: string;
  moduleAddress: string;
  stateDir: string;
  children: StackChild[];
  /** Last lines the stack's processes printed, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  /** Start the gateway with agents (default true). */
  gateway?: boolean;
  /** Agent wrangler configs bound to the gateway (default: every example agent). */
  agentConfigs?: string[];
  /** Enables POST /dev/clock/advance on the devnode. */
  devClock?: boolean;
  /** Where state lives; a fresh temporary folder by default (removed on stop). */
  stateDir?: string;
  /** Fixed ports instead of free ones. */
  ledgerPort?: number;
  gatewayPort?: number;
  readyTimeoutMs?: number;
  /** The repository root (wrangler configs, node_modules). */
  root?: string;
}

export interface LocalStackSettings {
  ledgerPort: number;
  gatewayPort: number;
  stateDir: string;
  ledgerOrigin: string;
  gatewayOrigin: string;
  network: string;
}

export declare function localStackSettings(
  env?: Record<string, string | undefined>,
): LocalStackSettings;
export declare function exampleAgentConfigs(root?: string): string[];
export declare function devnodeModuleAddress(root?: string): string;
export declare function answers(url: string, timeoutMs?: number): Promise<boolean>;
export declare function freePort(): Promise<number>;
export declare function startLocalStack(options?: StartStackOptions): Promise<LocalStack>;
