/**
 * One A2A request as the gateway received it: the process its URL names and what the admission
 * step and the run access read of the HTTP request (the caller proof signs method, path and body).
 */
export type A2aCall = {
  env: GatewayEnv;
  processId: string;
  headers: Headers;
  /** The request body exactly as received. */
  rawBody: Uint8Array;
  method: "GET" | "POST";
  /** Path and query as received. */
  path: string;
  origin: string;
  /** The A2A URL of the process (the card's interface URL). */
  url: string;
};
