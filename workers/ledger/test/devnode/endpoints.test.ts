import { env, SELF } from "cloudflare:test";
import { Account, AccountAddress, Deserializer, SignedTransaction } from "@aptos-labs/ts-sdk";
import { sha3_256 } from "@noble/hashes/sha3";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils";
import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS, FUNCTIONS } from "#shared/contract";
import { BASE, devnodeAptos } from "./sdk-client.js";

const aptos = devnodeAptos();
const get = (path: string, init?: RequestInit) => SELF.fetch(`${BASE}${path}`, init);
const post = (path: string, body: unknown) =>
  SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("devnode REST endpoints", () => {
  it("answers ledger info at /v1 and /v1/ with chain id 4 as a number", async () => {
    for (const path of ["/v1", "/v1/"]) {
      const info = (await (await get(path)).json()) as Record<string, unknown>;
      expect(info.chain_id).toBe(4);
      expect(typeof info.ledger_version).toBe("string");
      expect(typeof info.ledger_timestamp).toBe("string");
    }
    expect(await aptos.getChainId()).toBe(4);
  });

  it("answers a never-seen account with sequence 0 and its own address as auth key, in any address form", async () => {
    const address = Account.generate().accountAddress.toStringLong();
    for (const form of [address, address.slice(2), address.toUpperCase().replace("0X", "0x")]) {
      const body = await (await get(`/v1/accounts/${form}`)).json();
      expect(body).toEqual({ sequence_number: "0", authentication_key: address });
    }
    const short = await (await get("/v1/accounts/0x1")).json();
    expect(short).toEqual({
      sequence_number: "0",
      authentication_key: AccountAddress.ONE.toStringLong(),
    });
  });

  it("rejects a malformed address with a 400 JSON error naming the field", async () => {
    const response = await get("/v1/accounts/0xnothex");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: "invalid_input",
      vm_error_code: null,
    });
  });

  it("serves the gas estimate as JSON numbers", async () => {
    expect(await (await get("/v1/estimate_gas_price")).json()).toEqual({
      deprioritized_gas_estimate: 100,
      gas_estimate: 100,
      prioritized_gas_estimate: 150,
    });
  });

  it("serves every package function in the module ABIs, entry functions with their &signer", async () => {
    for (const spec of Object.values(FUNCTIONS)) {
      const module = await aptos.getAccountModule({
        accountAddress: DEVNODE_MODULE_ADDRESS,
        moduleName: spec.module,
      });
      const exposed = module.abi?.exposed_functions.find((f) => f.name === spec.name);
      expect(exposed, spec.name).toBeDefined();
      expect(exposed?.is_entry).toBe(spec.kind === "entry");
      expect(exposed?.is_view).toBe(spec.kind === "view");
      expect(exposed?.params.length).toBe(spec.params.length + (spec.kind === "entry" ? 1 : 0));
      if (spec.kind === "entry") expect(exposed?.params[0]).toBe("&signer");
    }
    const coin = await aptos.getAccountModule({ accountAddress: "0x1", moduleName: "coin" });
    expect(coin.abi?.exposed_functions.map((f) => f.name)).toContain("balance");
    const missing = await get(`/v1/accounts/${DEVNODE_MODULE_ADDRESS}/module/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error_code: "module_not_found" });
  });

  it("answers an unknown transaction hash with 404 transaction_not_found", async () => {
    const response = await get(`/v1/transactions/by_hash/0x${"ab".repeat(32)}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error_code: "transaction_not_found" });
    expect((await get("/v1/transactions/by_hash/0x12")).status).toBe(400);
  });

  it("answers views in BCS (aptos.view) and JSON (viewJson), and the balance endpoint as a bare number", async () => {
    const user = Account.generate();
    await aptos.fundAccount({ accountAddress: user.accountAddress, amount: 123_456 });
    const [viaBcs] = await aptos.view({
      payload: {
        function: "0x1::coin::balance",
        typeArguments: ["0x1::aptos_coin::AptosCoin"],
        functionArguments: [user.accountAddress],
      },
    });
    expect(viaBcs).toBe("123456");
    const [viaJson] = await aptos.viewJson({
      payload: {
        function: "0x1::coin::balance",
        typeArguments: ["0x1::aptos_coin::AptosCoin"],
        functionArguments: [user.accountAddress.toString()],
      },
    });
    expect(viaJson).toBe("123456");
    expect(
      await aptos.getBalance({
        accountAddress: user.accountAddress,
        asset: "0x1::aptos_coin::AptosCoin",
      }),
    ).toBe(123_456);
    const metadata = await SELF.fetch(`${BASE}/v1/accounts/${user.accountAddress}/balance/0xa`);
    expect(await metadata.text()).toBe("123456");
    const [window] = await aptos.view({
      payload: {
        function: `${DEVNODE_MODULE_ADDRESS}::payment::refund_window`,
        functionArguments: [],
      },
    });
    expect(window).toBe("604800");
  });

  it("rejects a view with wrong arguments with the VM's status code", async () => {
    const response = await post("/v1/view", {
      function: "0x1::coin::balance",
      type_arguments: ["0x1::aptos_coin::AptosCoin"],
      arguments: [],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "vm_error", vm_error_code: 1098 });
  });

  it("simulates without a signature and keeps nothing", async () => {
    const sender = Account.generate();
    await aptos.fundAccount({ accountAddress: sender.accountAddress, amount: 300_000_000 });
    const transaction = await aptos.transaction.build.simple({
      sender: sender.accountAddress,
      data: {
        function: "0x1::aptos_account::transfer",
        functionArguments: [AccountAddress.ONE, 5],
      },
    });
    const [result] = await aptos.transaction.simulate.simple({
      signerPublicKey: sender.publicKey,
      transaction,
    });
    expect(result?.success).toBe(true);
    expect(await aptos.getAccountAPTAmount({ accountAddress: sender.accountAddress })).toBe(
      300_000_000,
    );
    expect(
      (await aptos.getAccountInfo({ accountAddress: sender.accountAddress })).sequence_number,
    ).toBe("0");
  });

  it("answers CORS preflight with the origin echoed and credentials allowed", async () => {
    const response = await get("/v1/transactions", {
      method: "OPTIONS",
      headers: {
        origin: "http://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-aptos-client",
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://app.example");
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-aptos-client");
    const simple = await get("/v1", { headers: { origin: "http://app.example" } });
    expect(simple.headers.get("access-control-allow-origin")).toBe("http://app.example");
  });

  it("adds the CORS headers to refusals too, so a browser can read why", async () => {
    for (const [body, status] of [
      [new Uint8Array(8), 415],
      [new Uint8Array(65 * 1024), 413],
    ] as const) {
      const response = await get("/v1/transactions", {
        method: "POST",
        headers: { origin: "http://app.example", "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(status);
      expect(response.headers.get("access-control-allow-origin")).toBe("http://app.example");
      expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    }
  });

  it("answers the indexer's processor_status with the current version", async () => {
    const response = await post("/v1/graphql", {
      query: "query { processor_status { last_success_version } }",
    });
    const body = (await response.json()) as {
      data: { processor_status: { last_success_version: number }[] };
    };
    const info = (await (await get("/v1")).json()) as { ledger_version: string };
    expect(body.data.processor_status[0]?.last_success_version).toBe(Number(info.ledger_version));
  });

  it("validates faucet requests", async () => {
    const bad = await post("/fund", { address: "0x1", amount: -5 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_code: "invalid_input" });
  });

  it("answers the Aptos CLI's faucet request: /mint?auth_key=&return_txns=true, the BCS transactions in hex", async () => {
    const to = Account.generate().accountAddress.toStringLong();
    const response = await SELF.fetch(
      `${BASE}/mint?auth_key=${to.slice(2)}&amount=12345&return_txns=true`,
      { method: "POST", headers: { "content-length": "0" } },
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/^[0-9a-f]+$/);
    const transactions = new Deserializer(hexToBytes(body)).deserializeVector(SignedTransaction);
    expect(transactions).toHaveLength(1);
    const [signed] = transactions;
    if (!signed) return;
    // The CLI waits on the committed hash it computes from those bytes (Aptos' own recipe).
    const prefix = sha3_256(utf8ToBytes("APTOS::Transaction"));
    const hash = `0x${bytesToHex(sha3_256(concatBytes(prefix, new Uint8Array([0]), signed.bcsToBytes())))}`;
    const committed = (await (await get(`/v1/transactions/by_hash/${hash}`)).json()) as {
      success: boolean;
    };
    expect(committed.success).toBe(true);
    expect(await (await get(`/v1/accounts/${to}/balance/0x1::aptos_coin::AptosCoin`)).json()).toBe(
      12345,
    );
    // Without return_txns, the legacy answer: the hashes as JSON.
    const legacy = await SELF.fetch(`${BASE}/mint?address=${to}&amount=5`, { method: "POST" });
    expect(await legacy.json()).toEqual([expect.stringMatching(/^0x[0-9a-f]{64}$/)]);
  });

  it("serves POST /dev/clock/advance only when DEV_CLOCK is on", async () => {
    const devClock: string = env.DEV_CLOCK;
    const response = await post("/dev/clock/advance", { seconds: 60 });
    if (devClock !== "true") {
      expect(response.status).toBe(404);
      return;
    }
    const before = BigInt(Math.floor(Date.now() / 1000));
    const { now_seconds } = (await response.json()) as { now_seconds: string };
    expect(BigInt(now_seconds)).toBeGreaterThanOrEqual(before + 60n);
  });
});
