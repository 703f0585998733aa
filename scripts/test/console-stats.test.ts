// Success rates and earnings in the console (issue 23, docs/console.md, "Pages") in Debian's
// Chromium against the local stack: My processes without a wallet says to connect one; with the
// development wallet holding the examples owner's key (the connected account owns the processes),
// the Owner page shows its processes with no run, then, after a paid run through the console, one
// paid run, 100% success and the price in escrow, the ledger's figures (GET /api/stats); Explore
// sorted by success rate or runs puts the paid process first. Every page passes axe-core with no
// serious or critical violation and fits a 360 px screen. Skips, saying why, only when no Chromium
// is installed.
import { beforeAll, describe, expect, it } from "vitest";
import { examplesOwner } from "../../cli/test/e2e/support/cli-stack.js";
import {
  seriousViolations,
  type WatchedPage,
  watchedPage,
  widthAt,
} from "./support/console-browser.js";
import { chromiumOrSkip, consoleStory } from "./support/console-stack.js";

const chromiumPath = chromiumOrSkip("console-stats.test");

// The slow-report example agent serves both ids (workers/agent/examples/slow-report).
const PAID = "slow-report";
const FREE = "free-report";
const NARROW = 360;
const KEY_ITEM = "agentgate.devWallet.privateKey";

describe.skipIf(chromiumPath === null)("success rates and earnings in the console", () => {
  const story = consoleStory({
    prefix: "agentgate-console-stats-",
    chromiumPath,
    processes: [
      {
        id: PAID,
        name: "Paid report",
        description: "Writes a short report on a topic, for a price",
        pricing: { taskPrice: "1000", requiresPrepayment: true },
      },
      { id: FREE, name: "A free report" },
    ],
  });
  let origin: string;
  // One page for the owner's story: the wallet's key lives in this page's browser context.
  let owner: WatchedPage;
  let ownerAddress: string;

  beforeAll(async () => {
    const { setup, browser } = story();
    origin = story().origin;
    owner = await watchedPage(browser);
    // The development wallet as the examples owner, who registered both processes.
    const examples = examplesOwner(setup.stack);
    ownerAddress = examples.address;
    const key = /[0-9a-f]{64}$/i.exec(examples.key)?.[0] ?? "";
    await owner.page.addInitScript(({ item, hex }) => localStorage.setItem(item, hex), {
      item: KEY_ITEM,
      hex: key.toLowerCase(),
    });
  });

  it("My processes without a wallet says to connect one", async () => {
    const { page, problems } = await watchedPage(story().browser);
    await page.goto(`${origin}/console#/owner`);
    await expect.poll(() => page.locator("h1").innerText()).toBe("My processes");
    expect(await page.locator("main").innerText()).toContain("Connect a wallet");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("lists the connected owner's processes, with no run yet", async () => {
    const { page, problems } = owner;
    await page.goto(`${origin}/console`);
    await page.getByRole("link", { name: "My processes" }).click();
    // In id order, as the list answers: free-report, then slow-report.
    await expect
      .poll(() => page.locator(".card h2").allInnerTexts())
      .toEqual(["A free report", "Paid report"]);
    const text = await page.locator("main").innerText();
    expect(text).toContain(ownerAddress);
    expect(text).toContain("0 paid runs");
    expect(text).toContain("No outcome yet");
    expect(text).toContain("Outcome reports waiting: 0; refused by the ledger: 0");
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("after a paid run, shows it on the Owner page and sorts Explore by success rate and runs", async () => {
    const { page, problems } = owner;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${origin}/console#/processes/${PAID}`);
    await page.getByLabel("seconds").fill("1");
    await page.getByLabel("topic").fill("tides");
    await page.getByRole("button", { name: "Pay 0.00001 APT (1000 octas) and run" }).click();
    await expect
      .poll(() => page.locator("main").innerText(), { timeout: 30_000 })
      .toContain("A report on tides in 1 step");

    // The gateway's operator reports the outcome after the run; the figures follow the ledger.
    await page.goto(`${origin}/console#/owner`);
    const paidCard = page.locator(".card", { hasText: "Paid report" });
    await expect
      .poll(
        async () => {
          await page.reload();
          await paidCard.waitFor();
          return paidCard.innerText();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain("100% success (1 of 1 delivered)");
    const card = await paidCard.innerText();
    expect(card).toContain("1 paid run");
    expect(card).toContain("0.00001 APT (1000 octas)");

    await page.goto(`${origin}/console#/`);
    await expect
      .poll(() => page.locator(".card h2").allInnerTexts())
      .toEqual(["A free report", "Paid report"]);
    await page.getByLabel("Sort by").selectOption("success-rate");
    await expect
      .poll(() => page.locator(".card h2").allInnerTexts())
      .toEqual(["Paid report", "A free report"]);
    await page.getByLabel("Sort by").selectOption("runs");
    await expect.poll(() => page.locator(".card h2").first().innerText()).toBe("Paid report");
    const first = await page.locator(".card").first().innerText();
    expect(first).toContain("100% success (1 of 1 delivered)");
    expect(first).toContain("1 paid run");
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    // The offer's 402 is the pay flow's first answer, which Chromium logs; nothing else may show.
    expect(problems.filter((p) => !p.includes("402 (Payment Required)"))).toEqual([]);
  });
});
