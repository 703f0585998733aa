import { env, SELF } from "cloudflare:test";
import { Account, generateSignedTransaction } from "@aptos-labs/ts-sdk";
import { it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "../../../../shared/src/contract";
import { devnodeAptos } from "./sdk-client";

it("probe", async () => {
  const aptos = devnodeAptos();
  const owner = Account.generate();
  await aptos.fundAccount({ accountAddress: owner.accountAddress, amount: 1e9 });
  const reg = await aptos.transaction.build.simple({ sender: owner.accountAddress, data: { function: `${DEVNODE_MODULE_ADDRESS}::process_registry::register_process`, functionArguments: ["probe", "P", "", "https://e.com", owner.accountAddress, [], [], [], 0, false, 0, "APT", false] } });
  await aptos.waitForTransaction({ transactionHash: (await aptos.signAndSubmitTransaction({ signer: owner, transaction: reg })).hash });
  const payer = Account.generate();
  await aptos.fundAccount({ accountAddress: payer.accountAddress, amount: 1e12 });
  const N = 300;
  const bodies: Uint8Array[] = [];
  for (let i = 0; i < N; i++) {
    const transaction = await aptos.transaction.build.simple({ sender: payer.accountAddress, data: { function: `${DEVNODE_MODULE_ADDRESS}::payment::make_payment`, functionArguments: ["probe", `t${i}`, 1000] }, options: { accountSequenceNumber: i, maxGasAmount: 1000, gasUnitPrice: 100 } });
    bodies.push(generateSignedTransaction({ transaction, senderAuthenticator: aptos.transaction.sign({ signer: payer, transaction }) }));
  }
  let t = performance.now();
  for (const body of bodies.slice(0, 150)) {
    const r = await SELF.fetch("http://x/v1/transactions", { method: "POST", headers: { "content-type": "application/x.aptos.signed_transaction+bcs" }, body });
    if (r.status !== 202) throw new Error(await r.text());
  }
  console.log("SELF submit per tx ms", (performance.now() - t) / 150);
  const stub = env.DEVNODE.get(env.DEVNODE.idFromName("devnode"));
  t = performance.now();
  for (const body of bodies.slice(150)) {
    const r = await stub.fetch("http://x/v1/transactions", { method: "POST", headers: { "content-type": "application/x.aptos.signed_transaction+bcs" }, body });
    if (r.status !== 202) throw new Error(await r.text());
  }
  console.log("stub submit per tx ms", (performance.now() - t) / 150);
  t = performance.now();
  for (let i = 0; i < 300; i++) { const r = await stub.fetch("http://x/v1"); await r.text(); }
  console.log("stub GET /v1 per req ms", (performance.now() - t) / 300);
  t = performance.now();
  for (let i = 0; i < 300; i++) { const r = await SELF.fetch("http://x/v1"); await r.text(); }
  console.log("SELF GET /v1 per req ms", (performance.now() - t) / 300);
}, 120000);
