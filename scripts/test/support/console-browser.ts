// Debian's Chromium driven by playwright-core (nothing downloads a browser), offline like
// docs-page.test.ts: every host but the loopback unresolvable. Each page records what went wrong
// in it (script errors, console errors such as a Content-Security-Policy refusal) and every
// request it sent, and axe-core audits it.
import axe from "axe-core";
import { type Browser, chromium, type Page } from "playwright-core";

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
}

export type WatchedPage = { page: Page; problems: string[]; requests: string[] };

/** A new page at `width` × 900 that records its problems and requests. */
export async function watchedPage(browser: Browser, width = 1280): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("request", (request) =>
    requests.push(`${request.method()} ${new URL(request.url()).pathname}`),
  );
  return { page, problems, requests };
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line each. axe runs
 * through the DevTools protocol, which the page's CSP does not govern (the page loads no inline
 * script of its own).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  // `axe` is the global the evaluated source defined.
  const results: axe.AxeResults = await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] })",
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page's width once the viewport is `width` wide: more means it scrolls sideways. */
export async function widthAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  return page.evaluate(() => document.documentElement.scrollWidth);
}
