import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";
import { MoveAbort } from "./engine/types.js";
import type { NodeContext } from "./node/context.js";
import { nodeConfig, openNode } from "./node/create.js";
import { NodeError } from "./node/errors.js";
import { requestBodyLimit } from "./routes/body.js";
import { devRoutes } from "./routes/dev.js";
import { faucetRoutes } from "./routes/faucet.js";
import { fullnodeRoutes } from "./routes/fullnode.js";
import { indexerRoutes } from "./routes/indexer.js";

function errorResponse(error: unknown): Response {
  if (error instanceof NodeError) return error.toResponse();
  if (error instanceof MoveAbort) {
    return new NodeError(
      400,
      "vm_error",
      `Move abort in ${error.location}: ${error.message}`,
      4016,
    ).toResponse();
  }
  console.error("devnode internal error", error);
  return new NodeError(500, "internal_error", "internal error in the devnode").toResponse();
}

/**
 * The devnode: one Durable Object (idFromName("devnode")) holding the whole ledger in SQLite,
 * answering the fullnode REST subset, the faucet and the indexer status stub.
 */
export class DevnodeObject extends DurableObject<LedgerEnv> {
  private readonly node: NodeContext;
  private readonly app: Hono;

  constructor(state: DurableObjectState, env: LedgerEnv) {
    super(state, env);
    this.node = openNode(state.storage, nodeConfig(env));
    const app = new Hono();
    app.use(requestBodyLimit);
    app.route("/", fullnodeRoutes(this.node));
    app.route("/", indexerRoutes(this.node));
    app.route("/", faucetRoutes(this.node));
    app.route("/", devRoutes(this.node));
    app.notFound(() => NodeError.notFound("web_framework_error", "Not Found").toResponse());
    app.onError((error) => errorResponse(error));
    this.app = app;
  }

  override fetch(request: Request): Promise<Response> | Response {
    return this.app.fetch(request);
  }

  /**
   * Moves the devnode's clock forward, for tests that hold the binding (RPC is not reachable
   * over HTTP, so this needs no DEV_CLOCK). Returns the new time in seconds.
   */
  advanceClock(seconds: number): string {
    if (!Number.isInteger(seconds) || seconds <= 0)
      throw new Error("seconds must be a positive integer");
    this.node.clock.advance(BigInt(seconds));
    return this.node.clock.nowSeconds().toString();
  }
}
