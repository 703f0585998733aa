#!/usr/bin/env node
// `npm start`: the whole platform locally — devnode, gateway and example agents, each on a
// workerd socket of its own — until Ctrl-C. `npm run dev` (--wrangler) runs the gateway and
// agents under `wrangler dev` instead.
import { relative } from "node:path";
import {
  answers,
  exportLines,
  localStackSettings,
  ROOT,
  secondShellEnv,
  shellQuote,
  startLocalStack,
} from "./lib/stack.mjs";

const settings = localStackSettings();
const {
  ledgerOrigin,
  faucetOrigin,
  indexerOrigin,
  gatewayOrigin,
  ledgerPort,
  faucetPort,
  indexerPort,
  gatewayPort,
  stateDir,
} = settings;
const taken = [
  [`${ledgerOrigin}/v1`, "AGENTGATE_LEDGER_PORT"],
  [`${faucetOrigin}/fund`, "AGENTGATE_FAUCET_PORT"],
  [`${indexerOrigin}/v1/graphql`, "AGENTGATE_INDEXER_PORT"],
  [`${gatewayOrigin}/health`, "AGENTGATE_GATEWAY_PORT"],
];
for (const [url, variable] of taken) {
  if (await answers(url)) {
    console.error(
      `agentgate: something already answers at ${url}; stop it, or start this stack elsewhere with ${variable}=<port>.`,
    );
    process.exit(1);
  }
}

const shown = (path) => {
  const nearby = relative(ROOT, path);
  return nearby && !nearby.startsWith("..") ? nearby : path;
};
const state = shown(stateDir);
const wrangler = process.argv.includes("--wrangler");
console.log(`Starting the devnode, the gateway and the example agents (state in ${state}/) …`);
let stack;
try {
  stack = await startLocalStack({
    stateDir,
    ledgerPort,
    faucetPort,
    indexerPort,
    gatewayPort,
    devClock: true,
    ...(wrangler ? { runtime: "wrangler" } : {}),
  });
} catch (error) {
  console.error(`agentgate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const agents = Object.entries(stack.agentUrls ?? {});
const width = Math.max(24, ...agents.map(([binding]) => binding.length + 8));
const agentLines = wrangler
  ? "  agents                    echo, json-transform, slow-report, text-stats (service bindings of the gateway)"
  : agents.map(([binding, url]) => `  ${`agent ${binding}`.padEnd(width)}  ${url}`).join("\n");
const keys = stack.keys;
console.log(`
agentgate is running${wrangler ? " (gateway and agents under wrangler dev)" : ""}.

  devnode (Aptos REST API)  ${stack.ledgerUrl}
  faucet                    ${stack.faucetOrigin}   (POST /fund, /mint; also on the devnode's port)
  indexer stub              ${stack.indexerUrl}
  gateway                   ${stack.gatewayUrl}   (API reference: ${stack.gatewayUrl}/docs)
  console                   ${stack.gatewayUrl}   (open it in a browser)
${agentLines}
  module address            ${stack.moduleAddress}
  gateway operator          ${keys?.operator.address}   (key: ${shown(keys?.operator.keyFile ?? "")})
  examples owner            ${keys?.examplesOwner.address}   (key: ${shown(keys?.examplesOwner.keyFile ?? "")})
  state                     ${state}/  (kept across restarts; delete it to start over)

The example agents serve processes of the examples owner that list the gateway operator among
their agents (npm run demo registers one). In another terminal, these lines point the CLI and
npm run demo at this stack:

${exportLines(secondShellEnv(settings, stack.moduleAddress))
  .map((line) => `  ${line}`)
  .join("\n")}

and then:

  npm run demo                   # the whole flow end to end
  npm run agentgate -- list      # or any CLI command
  npm run agentgate -- register -c process.json -p "$(cat ${shellQuote(shown(keys?.examplesOwner.keyFile ?? ""))})"

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
