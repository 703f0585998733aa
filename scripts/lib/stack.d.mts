// Types of stack.mjs, for the TypeScript tests that boot the stack through it.
import type { ChildProcess } from "node:child_process";

export declare const ROOT: string;
export declare const DEFAULT_PORTS: {
  ledger: number;
  faucet: number;
  indexer: number;
  gateway: number;
};
export declare const DEFAULT_STATE_DIR: string;
export declare const DEFAULT_REQUEST_TIMEOUT_MS: number;

/** A key of the stack (stack-keys.mjs): the private key stays in keyFile (mode 0600). */
export interface StackKey {
  address: string;
  /** Ed25519 public key, 0x + 64 hex. */
  publicKey: string;
  keyFile: string;
}

export interface StackKeys {
  /** The gateway's OPERATOR_PRIVATE_KEY: reports outcomes, signs agent requests. */
  operator: StackKey;
  /** The account the example agents serve (their AGENT_OWNER_ADDRESS); registers processes. */
  examplesOwner: StackKey;
}

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
  /** The devnode's faucet routes alone, on a port of their own (8081 for `npm start`). */
  faucetOrigin: string;
  /** The devnode's indexer stub alone, on a port of its own (8090 for `npm start`). */
  indexerUrl: string;
  /** Gateway origin, unless started with `gateway: false`. */
  gatewayUrl?: string;
  /**
   * Each agent's own origin (workerd runtime only), keyed by the gateway's binding name
   * (ECHO_AGENT, …), or by Worker name for an agent the gateway config does not bind.
   */
  agentUrls?: Record<string, string>;
  /** The stack's keys, unless started with `gateway: false`. */
  keys?: StackKeys;
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
  faucetPort?: number;
  indexerPort?: number;
  gatewayPort?: number;
  readyTimeoutMs?: number;
  /**
   * "workerd" (default): each Worker on its own socket. "wrangler": the gateway and agents under
   * `wrangler dev` (npm run dev); its agents get no per-agent vars.
   */
  runtime?: "workerd" | "wrangler";
  /** The gateway's OPERATOR_OWNERS (default: the examples owner's address). */
  operatorOwners?: string;
  /** How long a request's head and body may take to arrive (default 10 s). */
  requestTimeoutMs?: number;
  /** The repository root (wrangler configs, node_modules). */
  root?: string;
}

export interface LocalStackSettings {
  ledgerPort: number;
  faucetPort: number;
  indexerPort: number;
  gatewayPort: number;
  stateDir: string;
  ledgerOrigin: string;
  faucetOrigin: string;
  indexerOrigin: string;
  gatewayOrigin: string;
  network: string;
}

export declare function localStackSettings(
  env?: Record<string, string | undefined>,
): LocalStackSettings;
/** What a second shell needs for that stack: the CLI's env and the non-default stack settings. */
export declare function secondShellEnv(
  settings: LocalStackSettings,
  moduleAddress: string,
): Record<string, string>;
export declare function shellQuote(value: string): string;
export declare function exportLines(env: Record<string, string>): string[];
export declare function exampleAgentConfigs(root?: string): string[];
export declare function devnodeModuleAddress(root?: string): string;
export declare function answers(url: string, timeoutMs?: number): Promise<boolean>;
export declare function freePort(): Promise<number>;
export declare function startLocalStack(options?: StartStackOptions): Promise<LocalStack>;
