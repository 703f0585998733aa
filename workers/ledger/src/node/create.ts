import { SqlBank } from "../engine/bank.js";
import { NativePackageEngine } from "../engine/engine.js";
import { longAddress } from "../engine/move-values.js";
import { executionContext } from "../tx/execute.js";
import { CommitQueue } from "./commit-queue.js";
import { DevClock, type NodeConfig, type NodeContext } from "./context.js";
import { NodeStore } from "./store.js";

/**
 * Reads the Worker's vars: module address and chain id are configuration, not code. The dev
 * switches are on only when set to exactly "true": a deployment that forgets them is safe.
 */
export function nodeConfig(env: {
  MODULE_ADDRESS: string;
  CHAIN_ID: string;
  DEV_CLOCK?: string;
  DEV_FAUCET?: string;
  DEV_ADMIN?: string;
}): NodeConfig {
  const chainId = Number(env.CHAIN_ID);
  if (!Number.isInteger(chainId) || chainId < 1 || chainId > 255) {
    throw new Error(`CHAIN_ID must be an integer 1..255, got ${env.CHAIN_ID}`);
  }
  return {
    moduleAddress: longAddress(env.MODULE_ADDRESS),
    chainId,
    devClock: env.DEV_CLOCK === "true",
    devFaucet: env.DEV_FAUCET === "true",
    devAdmin: env.DEV_ADMIN === "true",
  };
}

/**
 * Opens the node over the Durable Object's storage: creates the node's and the bank's tables and
 * publishes the package (engine.init, idempotent) on first boot, and reads back the ledger
 * version and clock offset on every later one.
 */
export function openNode(storage: DurableObjectStorage, config: NodeConfig): NodeContext {
  const sql = storage.sql;
  return storage.transactionSync(() => {
    const store = new NodeStore(sql);
    const ctx: NodeContext = {
      storage,
      sql,
      store,
      bank: new SqlBank(sql),
      engine: new NativePackageEngine(),
      config,
      clock: new DevClock(store),
      commits: new CommitQueue(),
      version: store.latestVersion(),
    };
    ctx.engine.init(executionContext({ ctx, now: ctx.clock.nowSeconds(), events: [] }));
    return ctx;
  });
}
