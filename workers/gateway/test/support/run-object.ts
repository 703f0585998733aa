import { env } from "cloudflare:test";
import { runStub } from "../../src/durable/stubs.js";
import type { RunRecord } from "../../src/runs/run-types.js";

/**
 * A run object as tests call it, with its records typed: RPC types a RunRecord (its JSON result)
 * as `never`, so the record is read back as what the object returns.
 */
export function runOf(transactionId: string) {
  return typedRun(runStub(env, transactionId));
}

export function typedRun(stub: ReturnType<typeof runStub>) {
  return {
    stub,
    read: async (): Promise<RunRecord | null> => (await stub.read()) as RunRecord | null,
    awaitEnd: async (): Promise<RunRecord> => (await stub.awaitEnd()) as RunRecord,
  };
}
