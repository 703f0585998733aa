// An AIP-62 wallet in the console (issue 23, docs/console.md, "Browser wallets") in Debian's
// Chromium against the local stack: a test wallet registers in the page through the wallet
// standard's events and signs with a real Ed25519 key (support/test-aptos-wallet.ts). On another
// chain it is refused in plain words; on the gateway's it connects, and pays for and runs the paid
// process: it signs one transaction, the console's checked make_payment, and its account's
// balance drops by the price plus the gas. An offer tampered to pay for another process at the
// same price is refused before the wallet is asked. My payments then releases the payment through
// the wallet. Skips, saying why, only when no Chromium is installed.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations, type WatchedPage, watchedPage } from "./support/console-browser.js";
import {
  chromiumOrSkip,
  consoleStory,
  PAID_REPORT,
  PAID_REPORT_PRICE as PRICE,
} from "./support/console-stack.js";
import { readEntryHex } from "./support/entry-hex.js";
import { openMyPayments, releasePayment } from "./support/my-payments.js";
import { tamperOffers } from "./support/tampered-offer.js";
import { addTestWallet, type TestWallet } from "./support/test-aptos-wallet.js";

const chromiumPath = chromiumOrSkip("console-browser-wallet.test");

const FUNDED = 100_000_000n;
/** The devnode's chain; the test wallet starts on mainnet's. */
const LOCAL_CHAIN = 4;
const MAINNET_CHAIN = 1;

describe.skipIf(chromiumPath === null)("an AIP-62 wallet pays for a run in the console", () => {
  const story = consoleStory({
    prefix: "agentgate-console-aip62-",
    chromiumPath,
    processes: [PAID_REPORT],
  });
  let watched: WatchedPage;
  let wallet: TestWallet;

  const balance = async () => {
    const answer = await fetch(`${story().origin}/console/dev-wallet/${wallet.address}/balance`);
    return BigInt(((await answer.json()) as { balance: string }).balance);
  };

  /** What a committed transaction charged its sender for gas, in octas. */
  const gasOf = async (hash: string) => {
    const answer = await fetch(`${story().origin}/console/ledger/v1/transactions/by_hash/${hash}`);
    const committed = (await answer.json()) as { gas_used: string; gas_unit_price: string };
    return BigInt(committed.gas_used) * BigInt(committed.gas_unit_price);
  };

  beforeAll(async () => {
    watched = await watchedPage(story().browser);
    wallet = await addTestWallet(watched.page, MAINNET_CHAIN);
    await fetch(`${story().origin}/console/dev-wallet/${wallet.address}/fund`, { method: "POST" });
    await watched.page.goto(`${story().origin}/console`);
  });

  it("lists the wallet, refuses it on another chain, and connects it on the gateway's", async () => {
    const { page, problems } = watched;
    const panel = page.getByRole("complementary", { name: "Browser wallets" });
    const connect = panel.getByRole("button", { name: "Connect Test Wallet" });
    await expect.poll(() => connect.count()).toBe(1);
    await connect.click();
    await expect
      .poll(() => panel.getByRole("alert").innerText())
      .toBe(
        "Test Wallet is on mainnet (chain 1), but this gateway pays on local (chain 4). Switch the wallet to local and connect again.",
      );
    await page.evaluate(`window.testWalletChainId = ${LOCAL_CHAIN}`);
    await connect.click();
    await expect.poll(() => panel.locator(".address").count()).toBe(1);
    expect(await panel.locator(".address").innerText()).toBe(wallet.address);
    expect(await panel.innerText()).toContain("Test Wallet");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("refuses an offer tampered to pay for another process: the wallet is not asked", async () => {
    const { page, requests } = watched;
    await page.getByLabel("Search").fill("paid");
    await page.getByRole("link", { name: "Paid report" }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("from Test Wallet");
    const stop = await tamperOffers(page, "someone-elses-process");
    const before = requests.length;
    await page.getByLabel("seconds").fill("2");
    await page.getByLabel("topic").fill("tides");
    await page.getByRole("button", { name: "Pay 0.00001 APT (1000 octas) and run" }).click();
    await expect
      .poll(() => page.locator("main").getByRole("alert").innerText())
      .toBe(
        "The gateway refused the payment: The transaction offered to sign pays for another process than this one; nothing was signed or paid",
      );
    await stop();
    expect(wallet.signed).toEqual([]);
    // The offer only: no paid request followed it.
    expect(requests.slice(before).filter((r) => r.startsWith("POST"))).toHaveLength(1);
    expect(await balance()).toBe(FUNDED);
  });

  it("pays and runs through the wallet: one checked signature, the price plus gas paid", async () => {
    const { page, problems } = watched;
    expect(await balance()).toBe(FUNDED);
    // The same form as above, its offer untouched now.
    await page.getByLabel("seconds").fill("2");
    await page.getByLabel("topic").fill("tides");
    await page.getByRole("button", { name: "Pay 0.00001 APT (1000 octas) and run" }).click();
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 20_000 }).toBe("Run");
    await expect
      .poll(() => page.locator("main").innerText(), { timeout: 20_000 })
      .toContain("A report on tides in 2 steps");
    // It signed the make_payment, sent from its own account, and nothing else.
    expect(wallet.signed).toHaveLength(1);
    const signed = readEntryHex(wallet.signed[0] ?? "");
    expect(signed?.function.name).toBe("make_payment");
    expect(signed?.sender).toBe(wallet.address);
    const hash = await page
      .getByRole("region", { name: "Payment" })
      .locator(".address")
      .innerText();
    const gas = await gasOf(hash);
    expect(gas).toBeGreaterThan(0n);
    expect(await balance()).toBe(FUNDED - PRICE - gas);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("402 (Payment Required)"))).toEqual([]);
  });

  it("releases the payment from My payments, simulated first and signed by the wallet", async () => {
    const { page, problems } = watched;
    const before = await balance();
    const payment = await openMyPayments(page);
    expect(await page.locator("main").innerText()).toContain("(Test Wallet)");
    const hash = await releasePayment(payment);
    expect(wallet.signed).toHaveLength(2);
    expect(readEntryHex(wallet.signed[1] ?? "")?.function.name).toBe("release_payment");
    // The release cost the wallet's account its gas, and nothing more.
    expect(await balance()).toBe(before - (await gasOf(hash)));
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("402 (Payment Required)"))).toEqual([]);
  });

  it("stops using the wallet on request, and tells the wallet", async () => {
    const { page, problems } = watched;
    const panel = page.getByRole("complementary", { name: "Browser wallets" });
    await panel.getByRole("button", { name: "Stop using Test Wallet" }).click();
    await expect
      .poll(() => panel.getByRole("button", { name: "Connect Test Wallet" }).count())
      .toBe(1);
    expect(await page.evaluate("window.testWalletDisconnected === true")).toBe(true);
    await expect
      .poll(() => page.locator("main").innerText())
      .toContain("Connect a wallet above to see the payments its account made.");
    expect(problems.filter((p) => !p.includes("402 (Payment Required)"))).toEqual([]);
  });
});
