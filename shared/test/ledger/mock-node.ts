import { Deserializer, EntryFunction, Hex } from "@aptos-labs/ts-sdk";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { createLedgerClient } from "#shared/ledger/client";
import { NETWORK_PRESETS } from "#shared/ledger/networks";
import { decodeSignedTransaction } from "#shared/ledger/signed-transactions";

/** One request as the node saw it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: Uint8Array;
}

export interface CommitOutcome {
  success: boolean;
  vm_status: string;
  events: { type: string; data: unknown }[];
  gas_used?: string;
}

type ViewHandler = (args: Uint8Array[]) => Response;

const json = (body: unknown, status = 200) => Response.json(body, { status });

/**
 * A recording stand-in for a fullnode: answers what the SDK asks while building, submitting,
 * waiting and viewing, and keeps every request so tests can check what went over the wire.
 */
export class MockNode {
  readonly requests: RecordedRequest[] = [];
  /** What the next committed transaction looks like. */
  outcome: CommitOutcome = { success: true, vm_status: "Executed successfully", events: [] };
  /** Answers for POST /v1/view by function name (`module::function`). */
  readonly views = new Map<string, ViewHandler>();
  /** Answers for JSON views (viewJson) by full function id. */
  readonly jsonViews = new Map<string, (body: unknown) => Response>();
  /** What a simulation (POST /v1/transactions/simulate) of the next transaction finds. */
  simulation: { success: boolean; vm_status: string } = {
    success: true,
    vm_status: "Executed successfully",
  };
  /** Replaces the answer to POST /v1/transactions when set. */
  submitAnswer: (() => Response) | undefined;
  /** by_hash answers "pending" this many times before the committed transaction. */
  pendingPolls = 0;
  private readonly committed = new Map<string, Record<string, unknown>>();

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    };
    this.requests.push(recorded);
    return this.answer(recorded);
  };

  /** Requests that fetched a module ABI (the client should never make one). */
  abiRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.url.pathname.includes("/module/"));
  }

  submitted(): ReturnType<typeof decodeSignedTransaction>[] {
    return this.requests
      .filter((r) => r.method === "POST" && r.url.pathname === "/v1/transactions")
      .map((r) =>
        decodeSignedTransaction(Hex.fromHexInput(r.body).toString(), DEVNODE_MODULE_ADDRESS),
      );
  }

  private answer(req: RecordedRequest): Response {
    const path = req.url.pathname;
    if (path === "/v1/estimate_gas_price") {
      return json({
        deprioritized_gas_estimate: 100,
        gas_estimate: 100,
        prioritized_gas_estimate: 150,
      });
    }
    if (req.method === "GET" && (path === "/v1" || path === "/v1/")) {
      return json({ chain_id: 4, ledger_version: "42", ledger_timestamp: "1700000000000000" });
    }
    if (req.method === "GET" && /^\/v1\/accounts\/[^/]+$/.test(path)) {
      return json({ sequence_number: "7", authentication_key: `0x${"0".repeat(64)}` });
    }
    if (req.method === "POST" && path === "/v1/transactions") return this.submit(req);
    if (req.method === "POST" && path === "/v1/transactions/simulate") {
      return json([{ type: "user_transaction", gas_used: "12", ...this.simulation }]);
    }
    const byHash = /^\/v1\/transactions\/(?:by_hash|wait_by_hash)\/(0x[0-9a-f]+)$/.exec(path)?.[1];
    if (byHash !== undefined) {
      const txn = this.committed.get(byHash);
      if (txn === undefined) {
        return json(
          { message: "not found", error_code: "transaction_not_found", vm_error_code: null },
          404,
        );
      }
      if (this.pendingPolls > 0) {
        this.pendingPolls--;
        return json({ ...txn, type: "pending_transaction" });
      }
      return json(txn);
    }
    if (req.method === "POST" && path === "/v1/view") return this.view(req);
    return json(
      {
        message: `no route ${req.method} ${path}`,
        error_code: "web_framework_error",
        vm_error_code: null,
      },
      404,
    );
  }

  private submit(req: RecordedRequest): Response {
    if (this.submitAnswer) return this.submitAnswer();
    const decoded = decodeSignedTransaction(
      Hex.fromHexInput(req.body).toString(),
      DEVNODE_MODULE_ADDRESS,
    );
    const base = {
      hash: decoded.hash,
      sender: decoded.sender,
      sequence_number: decoded.sequenceNumber.toString(),
      max_gas_amount: decoded.maxGasAmount.toString(),
      gas_unit_price: decoded.gasUnitPrice.toString(),
      expiration_timestamp_secs: decoded.expirationTimestampSecs.toString(),
      payload: {
        type: "entry_function_payload",
        function: decoded.function,
        type_arguments: [],
        arguments: [],
      },
    };
    this.committed.set(decoded.hash, {
      ...base,
      type: "user_transaction",
      version: "42",
      gas_used: this.outcome.gas_used ?? "12",
      success: this.outcome.success,
      vm_status: this.outcome.vm_status,
      events: this.outcome.events.map((e) => ({
        guid: { creation_number: "0", account_address: "0x0" },
        sequence_number: "0",
        ...e,
      })),
      changes: [],
      timestamp: "1716000000000000",
    });
    return json({ ...base, type: "pending_transaction" }, 202);
  }

  private view(req: RecordedRequest): Response {
    if (req.headers.get("content-type")?.startsWith("application/json")) {
      const body = JSON.parse(new TextDecoder().decode(req.body)) as { function: string };
      const handler = this.jsonViews.get(body.function);
      if (handler) return handler(body);
      return json(
        { message: `no view ${body.function}`, error_code: "invalid_input", vm_error_code: null },
        400,
      );
    }
    const call = EntryFunction.deserialize(new Deserializer(req.body));
    const name = `${call.module_name.name.identifier}::${call.function_name.identifier}`;
    const handler = this.views.get(name);
    if (!handler)
      return json(
        { message: `no view ${name}`, error_code: "invalid_input", vm_error_code: null },
        400,
      );
    // Each argument's own BCS bytes, as the payload carries them.
    return handler(call.args.map((arg) => arg.bcsToBytes()));
  }
}

/** A client on the local preset whose transport is the mock. */
export function mockClient(node: MockNode, options: { simulate?: boolean } = {}) {
  return createLedgerClient({ network: NETWORK_PRESETS.local, fetch: node.fetch, ...options });
}
