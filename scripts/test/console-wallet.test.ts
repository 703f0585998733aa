// The console's development wallet and a paid run (issue 23, docs/console.md, "Wallet" and "Paying
// for a run") in Debian's Chromium against the local stack: connect the development wallet, fund
// it from the devnode's faucet, find the paid process, see an invalid value refused with nothing
// asked or paid (the balance unchanged), then pay and run: the receipt, progress and the result
// arrive live, and the balance drops by at least the price. The wallet's UI passes axe-core with
// no serious or critical violation. Skips, saying why, only when no Chromium is installed.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { stackKeys } from "../../cli/test/e2e/support/cli-stack.js";
import {
  seriousViolations,
  type WatchedPage,
  watchedPage,
  widthAt,
} from "./support/console-browser.js";
import {
  chromiumOrSkip,
  consoleStory,
  PAID_REPORT,
  PAID_REPORT_PRICE as PRICE,
} from "./support/console-stack.js";
import { openMyPayments, releasePayment } from "./support/my-payments.js";

const chromiumPath = chromiumOrSkip("console-wallet.test");

// The slow-report example agent serves the process with this id (its AGENT_PROCESS_ID), here paid:
// one step a second, with progress and a log line per step (workers/agent/examples/slow-report).
const PAID = PAID_REPORT.id;
const FUNDED = 100_000_000n;
/** A phone's width, in CSS pixels: My payments may not scroll sideways at it. */
const NARROW = 360;

/** The wallet's balance in octas, read from its text ("1 APT (100000000 octas)"). */
async function balanceOf(page: Page): Promise<bigint | null> {
  const text = await page.locator(".wallet .balance").innerText();
  const octas = /\((\d+) octas\)/.exec(text)?.[1];
  return octas === undefined ? null : BigInt(octas);
}

describe.skipIf(chromiumPath === null)("the console's development wallet pays for a run", () => {
  const story = consoleStory({
    prefix: "agentgate-console-wallet-",
    chromiumPath,
    processes: [PAID_REPORT],
  });
  // One page for the whole story: the wallet's key lives in this page's browser context.
  let watched: WatchedPage;

  beforeAll(async () => {
    watched = await watchedPage(story().browser);
    await watched.page.goto(`${story().origin}/console`);
  });

  it("connects a development wallet, clearly labelled, and funds it from the faucet", async () => {
    const { page, problems } = watched;
    const wallet = page.getByRole("complementary", { name: "Development wallet" });
    await expect.poll(() => wallet.innerText()).toContain("For the local devnode only");
    await page.getByRole("button", { name: "Connect the development wallet" }).click();
    await expect.poll(() => balanceOf(page)).toBe(0n);
    expect(await page.locator(".wallet .address").innerText()).toMatch(/^0x[0-9a-f]{64}$/);
    await page.getByRole("button", { name: "Fund 1 APT from the faucet" }).click();
    await expect.poll(() => balanceOf(page), { timeout: 20_000 }).toBe(FUNDED);
    expect(await page.locator(".wallet .balance").innerText()).toBe("1 APT (100000000 octas)");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("finds the paid process, and an invalid value pays nothing", async () => {
    const { page, problems, requests } = watched;
    await page.getByLabel("Search").fill("paid");
    // No paid run yet: the ledger holds no outcome of it (GET /api/stats).
    const card = page.locator(".card", { hasText: "Paid report" });
    await card.waitFor();
    expect(await card.innerText()).not.toContain("% success");
    await page.getByRole("link", { name: "Paid report" }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("Paid report");
    const pay = page.getByRole("button", { name: "Pay 0.00001 APT (1000 octas) and run" });
    await expect.poll(() => pay.count()).toBe(1);
    const before = requests.length;
    await page.getByLabel("seconds").fill("0");
    await pay.click();
    await expect
      .poll(() => page.getByRole("alert").innerText())
      .toContain("seconds 0 is less than 1");
    expect(requests.slice(before).filter((r) => r.startsWith("POST"))).toEqual([]);
    expect(await balanceOf(page)).toBe(FUNDED);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("pays and runs: the receipt, live progress and result, and a balance down by the price", async () => {
    const { page, problems, requests } = watched;
    await page.getByLabel("seconds").fill("3");
    await page.getByLabel("topic").fill("tides");
    await page.getByRole("button", { name: "Pay 0.00001 APT (1000 octas) and run" }).click();
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 20_000 }).toBe("Run");
    // The offer, then the paid request: two POSTs to execute.
    expect(requests.filter((r) => r === `POST /api/execute/${PAID}`)).toHaveLength(2);
    const receipt = page.getByRole("region", { name: "Payment" });
    expect(await receipt.innerText()).toContain("0.00001 APT (1000 octas)");
    expect(await receipt.locator(".address").innerText()).toMatch(/^0x[0-9a-f]{64}$/);
    await expect
      .poll(() => page.locator(".progress").innerText(), { timeout: 20_000 })
      .toContain("1 of 3");
    expect(await page.locator("main").innerText()).toContain("Not yet: the run has not ended.");
    await expect
      .poll(() => page.locator("main").innerText(), { timeout: 20_000 })
      .toContain("A report on tides in 3 steps");
    // The ledger's side: the payment in escrow, then the gateway's delivered report on the ledger,
    // each transaction linked to the devnode's own answer.
    const ledger = page.getByRole("region", { name: "On the ledger" });
    // The gateway reports after the run's result: the page shows it once the run's state says so.
    await expect
      .poll(() => ledger.innerText(), { timeout: 30_000 })
      .toContain("Delivered, reported to the ledger");
    await expect
      .poll(() => ledger.locator(".ledger-outcome").innerText(), { timeout: 30_000 })
      .toBe("Delivered, as the provider reported");
    expect(await ledger.locator(".ledger-payment").innerText()).toBe("In escrow");
    const links = await ledger
      .locator("a.address")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toMatch(/^\/console\/ledger\/v1\/transactions\/by_hash\/0x[0-9a-f]{64}$/);
      const answer = await fetch(`${story().origin}${link}`);
      expect(((await answer.json()) as { success: boolean }).success).toBe(true);
    }
    const after = await balanceOf(page);
    expect(after).not.toBeNull();
    expect(FUNDED - (after ?? FUNDED)).toBeGreaterThanOrEqual(PRICE);
    expect(await seriousViolations(page)).toEqual([]);
    // The offer's 402 is the flow's first answer, which Chromium logs; nothing else may show.
    expect(problems.filter((p) => !p.includes("402 (Payment Required)"))).toEqual([]);
  });

  it("opens My payments and releases the payment: the receiver's balance rises by the price, the success rate shows the delivery", async () => {
    const { page, problems } = watched;
    const { origin, setup } = story();
    const owner = stackKeys(setup.stack).examplesOwner.address;
    const ownerBalance = async () => {
      const answer = await fetch(`${origin}/console/dev-wallet/${owner}/balance`);
      return BigInt(((await answer.json()) as { balance: string }).balance);
    };
    const payment = await openMyPayments(page);
    expect(await payment.locator(".payment-status").innerText()).toBe("In escrow");
    expect(await payment.innerText()).toContain("0.00001 APT (1000 octas)");
    expect(await payment.innerText()).toContain("After that anyone may settle it");
    expect(await seriousViolations(page)).toEqual([]);
    const before = await ownerBalance();
    const payerBefore = await balanceOf(page);
    await releasePayment(payment);
    expect(await ownerBalance()).toBe(before + PRICE);
    // The payer paid the release's gas, and nothing more.
    await expect.poll(() => balanceOf(page)).toBeLessThan(payerBefore ?? 0n);
    expect(await payment.getByRole("button").count()).toBe(0);
    // The process's success rate on Explore changed with the delivered outcome on the ledger.
    await page.goto(`${origin}/console#/`);
    const card = page.locator(".card", { hasText: "Paid report" });
    await expect
      .poll(
        async () => {
          await page.reload();
          await card.waitFor();
          return card.innerText();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContain("100% success (1 of 1 delivered)");
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("402 (Payment Required)"))).toEqual([]);
  });
});
