// The console (issue 23, docs/console.md) in Debian's Chromium against the local stack with the
// slow-report example agent registered as a free process, and once more as a paid one: each page
// renders its text with no script error or CSP refusal and no serious accessibility violation; a
// process is found by search, tag and price; the paid one's page shows its price and, with no
// wallet connected, no run form (paying is console-wallet.test.ts's); the free one's generated form refuses an invalid value with the schema's message and sends
// nothing; a run's progress, log lines and result arrive live. Skips, saying why, only when no
// Chromium is installed (Debian: apt-get install -y chromium).
import { describe, expect, it } from "vitest";
import {
  seriousViolations,
  type WatchedPage,
  watchedPage,
  widthAt,
} from "./support/console-browser.js";
import { chromiumOrSkip, consoleStory } from "./support/console-stack.js";

const chromiumPath = chromiumOrSkip("console-pages.test");

// The slow-report example agent serves the process with this id: one step a second, with
// progress and a log line per step (workers/agent/examples/slow-report).
const SLOW = "slow-report";
const PAID = "paid-report";
/** A phone's width, in CSS pixels: no page may scroll sideways at it. */
const NARROW = 360;

describe.skipIf(chromiumPath === null)("the console in a browser", () => {
  const story = consoleStory({
    prefix: "agentgate-console-",
    chromiumPath,
    processes: [
      {
        id: SLOW,
        name: "Slow report",
        description: "Writes a short report on a topic, slowly on purpose",
        tags: ["demo", "reports"],
      },
      // A paid process on the same agent: its page shows the price, and no run form without a wallet.
      { id: PAID, name: "Paid report", pricing: { taskPrice: "1000", requiresPrepayment: true } },
      // Not active: Explore shows it only when asked for its status.
      { id: "resting-report", name: "Resting report", status: "maintenance" },
    ],
  });

  const open = async (path: string, width?: number): Promise<WatchedPage> => {
    const watched = await watchedPage(story().browser, width);
    await watched.page.goto(`${story().origin}${path}`);
    return watched;
  };

  it("Explore lists the active processes, finds one by search, tag, status and price, fits 360 px", async () => {
    const { page, problems } = await open("/");
    expect(new URL(page.url()).pathname).toBe("/console");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Explore processes");
    await page.getByLabel("Search").fill("slow");
    await expect.poll(() => page.locator(".card h2").allInnerTexts()).toEqual(["Slow report"]);
    await page.getByLabel("Search").fill("");
    await page.getByLabel("Tag").selectOption("reports");
    await expect.poll(() => page.locator(".card h2").allInnerTexts()).toEqual(["Slow report"]);
    await page.getByLabel("Tag").selectOption("");
    await page.getByLabel("Price").selectOption("paid");
    await expect.poll(() => page.locator(".card h2").allInnerTexts()).toEqual(["Paid report"]);
    await page.getByLabel("Price").selectOption("free");
    await expect.poll(() => page.locator(".card h2").allInnerTexts()).toEqual(["Slow report"]);
    await page.getByLabel("Search").fill("no such process");
    await expect
      .poll(() => page.getByRole("status").first().innerText())
      .toBe("0 of 2 active processes");
    await page.getByLabel("Search").fill("");
    await page.getByLabel("Price").selectOption("any");
    await page.getByLabel("Status").selectOption("maintenance");
    await expect.poll(() => page.locator(".card h2").allInnerTexts()).toEqual(["Resting report"]);
    await page.getByLabel("Status").selectOption("any");
    await expect.poll(() => page.locator(".card h2").count()).toBe(3);
    await page.getByLabel("Status").selectOption("active");
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a process's page shows what it is and how to call it, on a narrow screen too", async () => {
    const { page, problems } = await open(`/console#/processes/${SLOW}`, NARROW);
    await expect.poll(() => page.locator("h1").innerText()).toBe("Slow report");
    // The schema arrives after the process: the form's field from it.
    await expect.poll(() => page.getByLabel("seconds").count()).toBe(1);
    const text = await page.locator("main").innerText();
    for (const part of ["Writes a short report", "Free", "seconds", "/api/execute/slow-report"]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(`"url": "${story().origin}/mcp"`);
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a paid process's page shows its price and, with no wallet connected, no run form", async () => {
    const { page, problems } = await open(`/console#/processes/${PAID}`);
    await expect.poll(() => page.locator("h1").innerText()).toBe("Paid report");
    // The wallet line names the development wallet once the gateway's settings arrive, which
    // may be after the process itself: wait for it, as a reader would.
    await expect
      .poll(() => page.locator("main").innerText())
      .toContain(
        "Connect a browser wallet or the development wallet above to pay for a run from here.",
      );
    expect(await page.locator("main").innerText()).toContain("0.00001 APT (1000 octas)");
    expect(await page.getByRole("button", { name: "Run" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("the run form refuses an invalid value with the schema's message and sends nothing", async () => {
    const { page, problems, requests } = await open(`/console#/processes/${SLOW}`);
    await page.getByLabel("Your account address").fill("0x1");
    await page.getByLabel("seconds").fill("0");
    await page.getByRole("button", { name: "Run" }).click();
    await expect
      .poll(() => page.getByRole("alert").innerText())
      .toContain("seconds 0 is less than 1");
    expect(await page.getByLabel("seconds").getAttribute("aria-invalid")).toBe("true");
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("runs a process and shows its progress, log lines and result live, fitting 360 px", async () => {
    const { page, problems } = await open("/console");
    await page.getByLabel("Search").fill("slow");
    await page.getByRole("link", { name: "Slow report" }).click();
    await page.getByLabel("Your account address").fill("0x1");
    await page.getByLabel("seconds").fill("4");
    await page.getByLabel("topic").fill("tides");
    await page.getByRole("button", { name: "Run" }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("Run");
    // Live: a step's progress and log line show while the run is still working, before its result.
    await expect
      .poll(() => page.locator(".progress").innerText(), { timeout: 20_000 })
      .toContain("1 of 4");
    expect(await page.getByRole("status").first().innerText()).toContain("working");
    expect(await page.locator("main").innerText()).toContain("Not yet: the run has not ended.");
    await expect
      .poll(() => page.locator(".log").innerText())
      .toContain("step 1/4: finding 1 on tides");
    await expect
      .poll(() => page.locator("main").innerText(), { timeout: 20_000 })
      .toContain("A report on tides in 4 steps");
    expect(await page.getByRole("status").first().innerText()).toContain("completed");
    expect(await page.locator(".log").innerText()).toContain("step 4/4");
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("says in plain words when a process does not exist, and when a page does not", async () => {
    const { page, problems } = await open("/console#/processes/no-such-process");
    await expect.poll(() => page.getByRole("alert").innerText()).toMatch(/not found/i);
    await page.goto(`${story().origin}/console#/nowhere`);
    await expect.poll(() => page.locator("h1").innerText()).toBe("Not found");
    expect(await seriousViolations(page)).toEqual([]);
    // The 404 of the unknown process is the page's own request, not a script error.
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
  });

  it("My payments asks for a wallet when none is connected, and fits 360 px", async () => {
    const { page, problems } = await open("/console#/payments");
    await expect.poll(() => page.locator("h1").innerText()).toBe("My payments");
    expect(await page.locator("main").innerText()).toContain(
      "Connect a wallet above to see the payments its account made.",
    );
    expect(
      await page.getByRole("complementary", { name: "Browser wallets" }).innerText(),
    ).toContain("No Aptos wallet found in this browser.");
    expect(await widthAt(page, NARROW)).toBeLessThanOrEqual(NARROW);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
