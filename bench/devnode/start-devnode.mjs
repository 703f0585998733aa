// Starts the devnode Worker on 127.0.0.1 with a throwaway persistence directory: as the local
// stack runs it ("stack": scripts/lib/devnode-server.mjs, a workerd socket bound to the devnode
// Worker), or behind wrangler's dev proxy ("wrangler": unstable_startWorker, as `wrangler dev`
// runs a Worker), for comparison.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstable_startWorker } from "wrangler";
import { startDevnodeServer } from "../../scripts/lib/devnode-server.mjs";

export async function startDevnode({ root, runtime }) {
  const scratch = mkdtempSync(join(tmpdir(), "devnode-bench-"));
  const cleanup = () => rmSync(scratch, { recursive: true, force: true });
  if (runtime === "wrangler") {
    const worker = await unstable_startWorker({
      config: join(root, "workers/ledger/wrangler.jsonc"),
      // The benchmark funds its accounts; the faucet is off unless configured.
      bindings: { DEV_FAUCET: { type: "plain_text", value: "true" } },
      dev: {
        server: { hostname: "127.0.0.1", port: 0 },
        inspector: false,
        persist: join(scratch, "state"),
        logLevel: "error",
        watch: false,
      },
    });
    await worker.ready;
    const origin = (await worker.url).origin;
    const stop = async () => {
      await worker.dispose();
      cleanup();
    };
    return { origin, stop };
  }
  const server = await startDevnodeServer({
    root,
    persistTo: join(scratch, "state"),
    devFaucet: true,
  });
  const stop = async () => {
    await server.stop();
    cleanup();
  };
  return { origin: server.origin, stop };
}
