import { describe, expect, it } from "vitest";
import { createLedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import { NETWORK_PRESETS } from "#shared/ledger/networks";
import type { FetchLike } from "#shared/ledger/transport";

async function errorOf(fetch: FetchLike, requestTimeoutMs?: number): Promise<LedgerError> {
  const client = createLedgerClient({
    network: NETWORK_PRESETS.local,
    fetch,
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
  });
  const error = await client.processCount().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof LedgerError))
    throw new Error(`expected a LedgerError, got ${String(error)}`);
  return error;
}

describe("network failures", () => {
  it("reports a refused connection as the network kind, naming the node", async () => {
    const error = await errorOf(async () => {
      throw new TypeError("fetch failed: ECONNREFUSED");
    });
    expect(error.kind).toBe("network");
    expect(error.message).toContain("http://127.0.0.1:8080");
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("reports a 5xx answer, JSON or not, as the network kind", async () => {
    const html = await errorOf(
      async () => new Response("<html>Bad Gateway</html>", { status: 502 }),
    );
    expect(html.kind).toBe("network");
    expect(html.status).toBe(502);
    const json = await errorOf(async () =>
      Response.json(
        { message: "overloaded", error_code: "internal_error", vm_error_code: null },
        { status: 503 },
      ),
    );
    expect(json).toMatchObject({ kind: "network", status: 503 });
  });

  it("reports a 429 rate limit as the network kind", async () => {
    const error = await errorOf(async () =>
      Response.json({ message: "slow down" }, { status: 429 }),
    );
    expect(error.kind).toBe("network");
  });

  it("gives up on a node that does not answer within the request timeout", async () => {
    const hanging: FetchLike = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const error = await errorOf(hanging, 50);
    expect(error.kind).toBe("network");
    expect(error.message).toContain("no answer within 50 ms");
  });

  it("reports a 404 from the node as not_found", async () => {
    const error = await errorOf(async () =>
      Response.json(
        { message: "Module not found", error_code: "module_not_found", vm_error_code: null },
        { status: 404 },
      ),
    );
    expect(error).toMatchObject({ kind: "not_found", errorCode: "module_not_found" });
  });

  it("reports any other 4xx refusal as rejected, with the node's message", async () => {
    const error = await errorOf(async () =>
      Response.json(
        {
          message: "Invalid argument: expected u64",
          error_code: "invalid_input",
          vm_error_code: null,
        },
        { status: 400 },
      ),
    );
    expect(error).toMatchObject({ kind: "rejected", status: 400, errorCode: "invalid_input" });
    expect(error.message).toContain("Invalid argument: expected u64");
  });
});
