#!/usr/bin/env node
// `npm start`: the whole platform locally — devnode, gateway and example agents — until Ctrl-C.
import { relative } from "node:path";
import { DEFAULT_PORTS, DEFAULT_STATE_DIR, ROOT, answers, startStack, stackUrls } from "./lib/stack.mjs";

const urls = stackUrls(DEFAULT_PORTS);
for (const [name, url] of [
  ["devnode", urls.fullnode],
  ["gateway", `${urls.gateway}/health`],
]) {
  if (await answers(url)) {
    console.error(`agentgate: something already answers at ${url} (${name}); stop it first.`);
    process.exit(1);
  }
}

console.log("Starting the devnode, the gateway and the example agents (state in .state/) …");
let stack;
try {
  stack = await startStack();
} catch (error) {
  console.error(`agentgate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const state = relative(ROOT, DEFAULT_STATE_DIR) || ".";
console.log(`
agentgate is running.

  devnode (Aptos REST API)  ${urls.fullnode}
  faucet                    ${urls.faucet}/fund
  gateway                   ${urls.gateway}   (API reference: ${urls.gateway}/docs)
  module address            ${stack.moduleAddress}
  state and logs            ${state}/  (kept across restarts; delete it to start over)

Point a shell at the local stack:

  export APTOS_NETWORK=local
  export APTOS_MODULE_ADDRESS=${stack.moduleAddress}

Next, in another terminal:

  npm run demo                          # the whole flow end to end
  npm run agentgate -- list -n local    # or any CLI command

Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping …");
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
for (const { child } of stack.processes) {
  child.once("exit", (code) => {
    if (stopping) return;
    console.error(`agentgate: a wrangler process exited (${code}); see ${state}/logs/. Stopping.`);
    void shutdown();
  });
}
