import { Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { createLedgerClient } from "#shared/ledger/client";
import { NETWORK_PRESETS, resolveNetwork } from "#shared/ledger/networks";
import { MockNode, mockClient } from "./mock-node.js";

describe("account helpers", () => {
  it("funds through the faucet's POST /fund and waits for the mint transaction", async () => {
    const node = new MockNode();
    const client = mockClient(node);
    // The mock commits whatever is submitted; reuse one transfer's hash as the faucet's answer.
    const transfer = await client.transferApt({
      signer: Account.generate(),
      to: "0x2",
      amount: 5n,
    });
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      if (url.pathname === "/fund") {
        node.requests.push({
          method: "POST",
          url,
          headers: new Headers(init?.headers),
          body: new TextEncoder().encode(String(init?.body)),
        });
        return Response.json({ txn_hashes: [transfer.hash] });
      }
      return node.fetch(input, init);
    };
    const funder = createLedgerClient({ network: NETWORK_PRESETS.local, fetch });
    const receipt = await funder.fund({ address: "0x2", amount: 300_000_000n });
    expect(receipt.hash).toBe(transfer.hash);
    const fund = node.requests.find((r) => r.url.pathname === "/fund");
    expect(fund?.url.origin).toBe("http://127.0.0.1:8080");
    expect(JSON.parse(new TextDecoder().decode(fund?.body))).toEqual({
      address: `0x${"0".repeat(63)}2`,
      amount: 300_000_000,
    });
  });

  it("refuses to fund on a network without a faucet, before sending anything", async () => {
    const node = new MockNode();
    const client = createLedgerClient({
      network: resolveNetwork({ network: "testnet", requireModuleAddress: false }),
      fetch: node.fetch,
    });
    await expect(client.fund({ address: "0x2", amount: 1n })).rejects.toMatchObject({
      kind: "invalid_input",
      message: expect.stringMatching(/testnet has no faucet/),
    });
    expect(node.requests).toEqual([]);
  });

  it("sends transfers to 0x1::aptos_account::transfer without fetching its ABI", async () => {
    const node = new MockNode();
    await mockClient(node).transferApt({ signer: Account.generate(), to: "0x2", amount: "12" });
    expect(node.abiRequests()).toEqual([]);
    expect(node.submitted()[0]).toMatchObject({
      function: `0x${"0".repeat(63)}1::aptos_account::transfer`,
    });
  });

  it("refuses package calls on a network whose module address is unknown, naming the setting", async () => {
    const node = new MockNode();
    const client = createLedgerClient({
      network: resolveNetwork({ network: "mainnet", requireModuleAddress: false }),
      fetch: node.fetch,
    });
    await expect(client.processCount()).rejects.toMatchObject({
      kind: "invalid_input",
      message: expect.stringMatching(/^moduleAddress:/),
    });
    expect(node.requests).toEqual([]);
  });
});
