// Types of devnode-server.mjs, for the TypeScript tests that start the devnode through it.
export interface DevnodeServer {
  /** The devnode's origin, e.g. http://127.0.0.1:8080. */
  origin: string;
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
}): Promise<DevnodeServer>;
