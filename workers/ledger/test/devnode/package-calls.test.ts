import { SELF } from "cloudflare:test";
import { Account, Secp256k1PrivateKey, SigningSchemeInput } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract";
import { BASE, devnodeAptos } from "./sdk-client.js";

const APT = 100_000_000;
const aptos = devnodeAptos();
const fn = (name: string) =>
  `${DEVNODE_MODULE_ADDRESS}::${name}` as `${string}::${string}::${string}`;

async function call(signer: Account, name: string, functionArguments: unknown[]) {
  const transaction = await aptos.transaction.build.simple({
    sender: signer.accountAddress,
    data: { function: fn(name), functionArguments: functionArguments as never },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction });
  return aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  });
}

describe("package transactions through the node", () => {
  it("accepts SingleSender(SingleKey Ed25519) accounts as well as legacy Ed25519 ones", async () => {
    const single = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    await aptos.fundAccount({ accountAddress: single.accountAddress, amount: 3 * APT });
    const result = await aptos.transferCoinTransaction({
      sender: single.accountAddress,
      recipient: Account.generate().accountAddress,
      amount: 10,
    });
    const pending = await aptos.signAndSubmitTransaction({ signer: single, transaction: result });
    const committed = await aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(committed.success).toBe(true);
    expect("signature" in committed && committed.signature?.type).toBe("single_sender");
  });

  it("refuses authenticators other than Ed25519 with a clear INVALID_SIGNATURE", async () => {
    const secp = Account.fromPrivateKey({ privateKey: Secp256k1PrivateKey.generate() });
    const transaction = await aptos.transaction.build.simple({
      sender: secp.accountAddress,
      data: {
        function: "0x1::aptos_account::transfer",
        functionArguments: [secp.accountAddress, 1],
      },
    });
    await expect(
      aptos.signAndSubmitTransaction({ signer: secp, transaction }),
    ).rejects.toMatchObject({
      status: 400,
      data: { vm_error_code: 1, message: expect.stringContaining("Ed25519") },
    });
  });

  it("returns module events in the REST shape with the package's address in their type", async () => {
    const owner = Account.generate();
    await aptos.fundAccount({ accountAddress: owner.accountAddress, amount: 3 * APT });
    const registered = await call(owner, "process_registry::register_process", [
      "",
      "Events",
      "",
      "https://example.com",
      owner.accountAddress,
      [],
      [],
      [],
      0,
      false,
      0,
      "APT",
      false,
    ]);
    expect(registered.success).toBe(true);
    const events = "events" in registered ? registered.events : [];
    const made = events.find(
      (e) => e.type === `${DEVNODE_MODULE_ADDRESS}::process_registry::ProcessRegistered`,
    );
    expect(made).toMatchObject({
      guid: { creation_number: "0", account_address: "0x0" },
      sequence_number: "0",
      data: {
        process_id: expect.stringMatching(/^proc-\d+$/),
        // Move values render addresses trimmed, as to_hex_literal does (1 in 16 random
        // addresses starts with a zero nibble, so the long form would fail now and then).
        owner: owner.accountAddress.toStringShort(),
      },
    });
    expect(events.at(-1)?.type).toBe("0x1::transaction_fee::FeeStatement");
  });

  it("commits a package abort as failed with the node's vm_status wording", async () => {
    const payer = Account.generate();
    await aptos.fundAccount({ accountAddress: payer.accountAddress, amount: 3 * APT });
    const failed = await call(payer, "payment::make_payment", ["no-such-process", "task", 1000]);
    expect(failed.success).toBe(false);
    expect(failed.vm_status).toBe(
      `Move abort in ${DEVNODE_MODULE_ADDRESS}::payment: EPROCESS_NOT_FOUND(0x60001): Process not found`,
    );
    expect(await aptos.getAccountAPTAmount({ accountAddress: payer.accountAddress })).toBe(
      3 * APT - Number("gas_used" in failed ? failed.gas_used : 0) * 100,
    );
  });

  it("answers a view's abort with a 400 vm_error carrying the abort", async () => {
    const response = await SELF.fetch(`${BASE}/v1/view`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        function: fn("process_registry::get_process"),
        type_arguments: [],
        arguments: ["no-such-process"],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: "vm_error",
      message: expect.stringContaining("EPROCESS_NOT_FOUND(0x60001)"),
    });
  });

  it("refuses JSON transaction submission with 415 and holds wait_by_hash briefly for unknown hashes", async () => {
    const json = await SELF.fetch(`${BASE}/v1/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    const wait = await SELF.fetch(`${BASE}/v1/transactions/wait_by_hash/0x${"cd".repeat(32)}`);
    expect(wait.status).toBe(404);
    expect(await wait.json()).toMatchObject({ error_code: "transaction_not_found" });
  });
});
