import { env, runInDurableObject } from "cloudflare:test";
import { Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract";
import type { DevnodeObject } from "../../src/devnode-object.js";
import { devnodeAptos, instanceFetcher, restartInstance } from "./sdk-client.js";

const APT = 100_000_000;

describe("devnode persistence", () => {
  it("keeps balances, records and sequence numbers when the Durable Object restarts", async () => {
    const instance = `restart-${crypto.randomUUID()}`;
    const aptos = devnodeAptos(instanceFetcher(instance));
    const owner = Account.generate();
    const payer = Account.generate();
    await aptos.fundAccount({ accountAddress: owner.accountAddress, amount: 3 * APT });
    await aptos.fundAccount({ accountAddress: payer.accountAddress, amount: 5 * APT });
    const processId = `restart-${crypto.randomUUID().slice(0, 8)}`;
    const run = async (signer: Account, fn: string, functionArguments: unknown[]) => {
      const transaction = await aptos.transaction.build.simple({
        sender: signer.accountAddress,
        data: {
          function: `${DEVNODE_MODULE_ADDRESS}::${fn}` as `${string}::${string}::${string}`,
          functionArguments: functionArguments as never,
        },
      });
      const pending = await aptos.signAndSubmitTransaction({ signer, transaction });
      return aptos.waitForTransaction({ transactionHash: pending.hash });
    };
    await run(owner, "process_registry::register_process", [
      processId,
      "Restart test",
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
    const payment = await run(payer, "payment::make_payment", [processId, "task-1", 1_000_000]);

    const read = async () => ({
      owner: await aptos.getAccountAPTAmount({ accountAddress: owner.accountAddress }),
      payer: await aptos.getAccountAPTAmount({ accountAddress: payer.accountAddress }),
      ownerSeq: (await aptos.getAccountInfo({ accountAddress: owner.accountAddress }))
        .sequence_number,
      payerSeq: (await aptos.getAccountInfo({ accountAddress: payer.accountAddress }))
        .sequence_number,
      paid: await aptos.view({
        payload: {
          function: `${DEVNODE_MODULE_ADDRESS}::payment::verify_payment`,
          functionArguments: [processId, "task-1", payer.accountAddress],
        },
      }),
      txn: (await aptos.getTransactionByHash({ transactionHash: payment.hash })).hash,
    });
    const before = await read();
    expect(before.paid).toEqual([true]);
    expect(before.payerSeq).toBe("1");

    const object = () =>
      runInDurableObject(
        env.DEVNODE.get(env.DEVNODE.idFromName(instance)),
        (o: DevnodeObject) => o,
      );
    const beforeRestart = await object();
    await restartInstance(instance);
    // A new object was constructed over the same storage.
    expect(await object()).not.toBe(beforeRestart);

    expect(await read()).toEqual(before);
    // And the node keeps going from where it was: the next sequence number is accepted.
    const released = await run(payer, "payment::release_payment", [processId, "task-1"]);
    expect(released.success).toBe(true);
  });
});
