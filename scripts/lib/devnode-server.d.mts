// Types of devnode-server.mjs, for the TypeScript tests that start the devnode through it.
export interface DevnodeServer {
  /** The devnode's origin, e.g. http://127.0.0.1:8080. */
  origin: string;
  /** The faucet's own port's origin, when started with faucetPort. */
  faucetOrigin?: string;
  /** The indexer stub's own port's origin, when started with indexerPort. */
  indexerOrigin?: string;
  stop(): Promise<void>;
}

export declare function startDevnodeServer(options: {
  root?: string;
  host?: string;
  port?: number;
  persistTo: string;
  devClock?: boolean;
  /** How long the devnode waits for a request body before answering 408 (default 10 s). */
  bodyTimeoutMs?: number;
  registryPath?: string;
  /** The wrangler environment to read when the config has it (default "local"). */
  env?: string;
  /**
   * When set, the public socket is the stack's deadline front (deadline-front.mjs) before the
   * workerd socket: a request whose head and body take longer is answered 408.
   */
  requestTimeoutMs?: number;
  devFaucet?: boolean;
  devAdmin?: boolean;
  /**
   * Also serve the faucet routes (POST /fund, /mint), and nothing else, on this port (0: a free
   * one), as Aptos localnet's faucet on 8081.
   */
  faucetPort?: number;
  /** Also serve the indexer stub (POST /v1/graphql), and nothing else, on this port (localnet's 8090). */
  indexerPort?: number;
}): Promise<DevnodeServer>;
