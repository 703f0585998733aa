import {
  Account,
  AccountAuthenticator,
  Deserializer,
  type Ed25519PublicKey,
  getAuthenticatorForSimulation,
  SignedTransaction,
} from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import type { LedgerSigner } from "#shared/ledger/transactions";
import { failure } from "./ledger-failure.js";
import { MockNode, mockClient } from "./mock-node.js";

const M = DEVNODE_MODULE_ADDRESS;

/** An SDK account that can also sign a simulation, as the CLI's signer does. */
function simulatingSigner(): LedgerSigner & { account: Account } {
  const account = Account.generate();
  return {
    account,
    accountAddress: account.accountAddress,
    signWithAuthenticator: (message) => account.signWithAuthenticator(message),
    simulationAuthenticator: () => getAuthenticatorForSimulation(account.publicKey),
  };
}

const paths = (node: MockNode) => node.requests.map((r) => `${r.method} ${r.url.pathname}`);

describe("a client that simulates first", () => {
  it("simulates the same transaction with a zeroed signature, then signs and submits it", async () => {
    const node = new MockNode();
    const signer = simulatingSigner();
    const hash = await mockClient(node, { simulate: true }).makePayment(signer, {
      processId: "proc-1",
      taskId: "t-1",
      amount: 1500n,
    });
    expect(paths(node)).toEqual([
      `GET /v1/accounts/${signer.account.accountAddress.toStringLong()}`,
      "GET /v1/estimate_gas_price",
      "POST /v1/transactions/simulate",
      "POST /v1/transactions",
      `GET /v1/transactions/wait_by_hash/${hash}`,
    ]);
    const [simulated, submitted] = ["/v1/transactions/simulate", "/v1/transactions"].map((path) =>
      SignedTransaction.deserialize(
        new Deserializer(
          node.requests.find((r) => r.url.pathname === path)?.body ?? new Uint8Array(),
        ),
      ),
    );
    expect(simulated?.raw_txn.bcsToHex().toString()).toBe(submitted?.raw_txn.bcsToHex().toString());
    const authenticator = simulated?.authenticator.bcsToBytes() ?? new Uint8Array();
    const account = AccountAuthenticator.deserialize(new Deserializer(authenticator));
    expect(account.isEd25519()).toBe(true);
    if (account.isEd25519()) {
      expect(account.public_key.toUint8Array()).toEqual(
        (signer.account.publicKey as Ed25519PublicKey).toUint8Array(),
      );
      expect(account.signature.toUint8Array()).toEqual(new Uint8Array(64));
    }
  });

  it("stops on a predicted abort with the table's message, submitting nothing", async () => {
    const node = new MockNode();
    node.simulation = {
      success: false,
      vm_status: `Move abort in ${M}::payment: EAMOUNT_BELOW_PRICE(0x10018): below`,
    };
    const error = await failure(
      mockClient(node, { simulate: true }).makePayment(simulatingSigner(), {
        processId: "p",
        taskId: "t",
        amount: 1n,
      }),
    );
    expect(error).toMatchObject({
      kind: "abort",
      message: "The amount is below the process's task price (EAMOUNT_BELOW_PRICE in payment)",
    });
    expect(error.hash).toBeUndefined();
    expect(node.submitted()).toEqual([]);
  });

  it("names a missing package, whether simulation or the node's answer says so", async () => {
    const node = new MockNode();
    node.simulation = { success: false, vm_status: "LINKER_ERROR" };
    const client = mockClient(node, { simulate: true });
    const simulated = await failure(
      client.releasePayment(simulatingSigner(), { processId: "p", taskId: "t" }),
    );
    expect(simulated).toMatchObject({ kind: "rejected", vmStatusName: "LINKER_ERROR" });
    expect(simulated.message).toBe(
      `no agent_platform package at ${M} (the node answered LINKER_ERROR)`,
    );
    // A view of a module the node does not have, as the devnode words it.
    node.views.set("process_registry::get_process", () =>
      Response.json(
        {
          message: "Invalid transaction: Type: Verification Code: FUNCTION_RESOLUTION_FAILURE",
          error_code: "vm_error",
          vm_error_code: 1091,
        },
        { status: 400 },
      ),
    );
    const viewed = await failure(client.getProcess("p"));
    expect(viewed).toMatchObject({
      kind: "rejected",
      message: `no agent_platform package at ${M} (the node answered FUNCTION_RESOLUTION_FAILURE)`,
    });
  });

  it("keeps the hash of a transaction that passed simulation and failed when committed", async () => {
    const node = new MockNode();
    node.outcome = {
      success: false,
      vm_status: `Move abort in ${M}::payment: ENOT_IN_ESCROW(0x3001d): gone`,
      events: [],
    };
    const error = await failure(
      mockClient(node, { simulate: true }).releasePayment(simulatingSigner(), {
        processId: "p",
        taskId: "t",
      }),
    );
    expect(error.kind).toBe("abort");
    expect(error.hash).toBe(node.submitted()[0]?.hash);
  });

  it("refuses a signer that cannot sign a simulation, before anything is sent", async () => {
    const node = new MockNode();
    const account = Account.generate();
    const error = await failure(
      mockClient(node, { simulate: true }).releasePayment(account, { processId: "p", taskId: "t" }),
    );
    expect(error.kind).toBe("invalid_input");
    expect(node.submitted()).toEqual([]);
  });

  it("does not simulate unless asked", async () => {
    const node = new MockNode();
    await mockClient(node).releasePayment(Account.generate(), { processId: "p", taskId: "t" });
    expect(paths(node)).not.toContain("POST /v1/transactions/simulate");
  });
});
