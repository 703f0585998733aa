// Headless Chromium (Debian's `chromium` package) against a page of the local stack, with every
// host but the loopback unresolvable: what it renders, it rendered offline.
import { spawnSync } from "node:child_process";

const CANDIDATES = ["chromium", "chromium-browser", "google-chrome"];

/** The Chromium binary on PATH, or null when none is installed. */
export function findChromium() {
  for (const name of CANDIDATES) {
    const found = spawnSync("which", [name], { encoding: "utf8" });
    if (found.status === 0 && found.stdout.trim() !== "") return found.stdout.trim();
  }
  return null;
}

function run(binary, args, timeoutMs) {
  const result = spawnSync(
    binary,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--hide-scrollbars",
      // Offline: only the loopback resolves, so a page that fetched anything else would break.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
      ...args,
    ],
    { encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) {
    throw new Error(`chromium exited ${result.status}: ${result.stderr.slice(-2000)}`);
  }
  return result.stdout;
}

/** The DOM after the page's scripts ran for `budgetMs` of virtual time. */
export function dumpDom({ binary, url, budgetMs = 15_000 }) {
  return run(binary, [`--virtual-time-budget=${budgetMs}`, "--dump-dom", url], 120_000);
}

/** A PNG of the page after its scripts ran for `budgetMs` of virtual time. */
export function screenshot({ binary, url, file, width = 1440, height = 2200, budgetMs = 15_000 }) {
  run(
    binary,
    [
      `--virtual-time-budget=${budgetMs}`,
      `--window-size=${width},${height}`,
      `--screenshot=${file}`,
      url,
    ],
    120_000,
  );
}
