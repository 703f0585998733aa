#!/usr/bin/env node
// `npm start`: the whole platform locally — devnode, gateway and example agents — until Ctrl-C.
import { relative } from "node:path";
import { answers, localStackSettings, ROOT, startLocalStack } from "./lib/stack.mjs";

const { ledgerOrigin, gatewayOrigin, ledgerPort, gatewayPort, stateDir, network } =
  localStackSettings();
for (const url of [`${ledgerOrigin}/v1`, `${gatewayOrigin}/health`]) {
  if (await answers(url)) {
    console.error(`agentgate: something already answers at ${url}; stop it first.`);
    process.exit(1);
  }
}

const nearby = relative(ROOT, stateDir);
const state = nearby && !nearby.startsWith("..") ? nearby : stateDir;
console.log(`Starting the devnode, the gateway and the example agents (state in ${state}/) …`);
let stack;
try {
  stack = await startLocalStack({
    stateDir,
    ledgerPort,
    gatewayPort,
    devClock: true,
  });
} catch (error) {
  console.error(`agentgate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`
agentgate is running.

  devnode (Aptos REST API)  ${stack.ledgerUrl}
  faucet                    ${stack.ledgerOrigin}/fund
  gateway                   ${stack.gatewayUrl}   (API reference: ${stack.gatewayUrl}/docs)
  agents                    echo, json-transform, text-stats (service bindings of the gateway)
  module address            ${stack.moduleAddress}
  state                     ${state}/  (kept across restarts; delete it to start over)

Point a shell at the local stack:

  export APTOS_NETWORK=${network}
  export APTOS_MODULE_ADDRESS=${stack.moduleAddress}

Next, in another terminal:

  npm run demo                          # the whole flow end to end
  npm run agentgate -- list -n ${network}    # or any CLI command

Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping …");
  await stack.stop();
  process.exit(code);
};
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
for (const child of stack.children) {
  void child.exited.then((code) => {
    if (stopping) return;
    console.error(
      `agentgate: the ${child.name} process exited (${code}):\n${child.log.slice(-20).join("\n")}`,
    );
    void shutdown(1);
  });
}
