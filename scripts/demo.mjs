#!/usr/bin/env node
// `npm run demo`: the main job end to end through the CLI against the local stack — accounts,
// a paid process served by the text-stats example agent (registered by the stack's "examples
// owner", the account its agents serve, with the gateway's operator among its agents), payment into escrow, a run through the
// gateway, its logs, the release, and both balances before and after. Starts the stack when
// nothing is listening, and stops what it started.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  answers,
  devnodeModuleAddress,
  localStackSettings,
  ROOT,
  shellQuote,
  startLocalStack,
} from "./lib/stack.mjs";
import { ensureStackKeys, stackKeyFiles } from "./lib/stack-keys.mjs";

const CLI = join(ROOT, "cli", "dist", "agentgate.mjs");
const settings = localStackSettings();
const DEMO_DIR = join(settings.stateDir, "demo");
const PROCESS_ID = "text-stats";
const PRICE = "1000000"; // 0.01 APT in octas
const FUNDING = "500000000"; // 5 APT
const { ledgerOrigin, gatewayOrigin } = settings;
const env = {
  ...process.env,
  APTOS_MODULE_ADDRESS: devnodeModuleAddress(),
  AGENTGATE_GATEWAY_URL: gatewayOrigin,
  NO_COLOR: "1",
};
delete env.APTOS_PRIVATE_KEY;
delete env.LEDGER_PRIVATE_KEY;

let step = 0;
function heading(text) {
  step += 1;
  console.log(`\n── ${step}. ${text}`);
}

/**
 * Runs one CLI command, printing it as a user would type it (keys shown as the file they come
 * from, never their value) and, unless `quiet`, its output. Returns stdout; exits on failure.
 */
function agentgate(command, { key, quiet = false, echo = !quiet } = {}) {
  // Every command but `account new` talks to the ledger: the demo names the network itself.
  const args = command[0] === "account" ? command : [...command, "-n", settings.network];
  const shown = [
    "agentgate",
    ...args.map(shellQuote),
    ...(key ? ["-p", `"$(cat ${shellQuote(key.shown)})"`] : []),
  ];
  if (echo) console.log(`$ ${shown.join(" ")}`);
  const result = spawnSync(process.execPath, [CLI, ...args, ...(key ? ["-p", key.value] : [])], {
    env,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`agentgate ${args[0]} failed (exit ${result.status})`);
  }
  if (!quiet) console.log(result.stdout.trimEnd().replace(/^/gm, "  "));
  return result.stdout;
}

const json = (args, options) =>
  JSON.parse(agentgate([...args, "--json"], { ...options, quiet: true }));

const shownPath = (file) => {
  const near = relative(ROOT, file);
  return near && !near.startsWith("..") ? near : file;
};

function account(name) {
  const file = join(DEMO_DIR, `${name}.key`);
  const shown = shownPath(file);
  if (!existsSync(file)) agentgate(["account", "new", "--out", file]);
  else console.log(`(reusing the ${name} key in ${shown})`);
  const key = { shown, value: readFileSync(file, "utf8").trim() };
  const { address } = json(["balance"], { key });
  return { key, address };
}

/**
 * The stack's examples owner: its agents serve processes of this account only, so the demo
 * registers with its key (made by the stack in its state folder, stack-keys.mjs).
 */
function examplesOwner(keys) {
  const file = keys.examplesOwner.keyFile;
  console.log(`(the examples owner's key, made by the stack, is in ${shownPath(file)})`);
  return {
    key: { shown: shownPath(file), value: readFileSync(file, "utf8").trim() },
    address: keys.examplesOwner.address,
  };
}

async function ensureStack() {
  const up = (await answers(`${ledgerOrigin}/v1`)) && (await answers(`${gatewayOrigin}/health`));
  if (up) {
    // The running stack made its keys in its own state folder; keys made here instead would
    // register a process its gateway's operator cannot serve.
    if (!existsSync(stackKeyFiles(settings.stateDir).operator)) {
      throw new Error(
        `a stack answers at ${ledgerOrigin} and ${gatewayOrigin}, but its keys are not in ${shownPath(settings.stateDir)}/: ` +
          "run the demo with the export lines npm start printed (AGENTGATE_STATE_DIR and the ports)",
      );
    }
    return undefined;
  }
  console.log("Nothing is listening on the local ports: starting the stack (as npm start does) …");
  return startLocalStack({
    stateDir: settings.stateDir,
    ledgerPort: settings.ledgerPort,
    faucetPort: settings.faucetPort,
    indexerPort: settings.indexerPort,
    gatewayPort: settings.gatewayPort,
    devClock: true,
  });
}

async function demo() {
  mkdirSync(DEMO_DIR, { recursive: true });
  heading("Two accounts, a process owner and a user, funded by the devnode's faucet");
  // Made on the stack's first start (npm start, or ensureStack above); reading them prints nothing.
  const keys = ensureStackKeys(settings.stateDir);
  const owner = examplesOwner(keys);
  const user = account("user");
  agentgate(["fund", "-a", FUNDING], { key: owner.key });
  agentgate(["fund", "-a", FUNDING], { key: user.key });

  heading("Balances before");
  const before = { owner: json(["balance", owner.address]), user: json(["balance", user.address]) };
  agentgate(["balance", owner.address]);
  agentgate(["balance", user.address]);

  heading(
    `The owner registers "${PROCESS_ID}", served by the text-stats example agent, at ${PRICE} octas a task`,
  );
  let registeredNow = false;
  const existing = spawnSync(
    process.execPath,
    [CLI, "get-process", PROCESS_ID, "--json", "-n", settings.network],
    { env, encoding: "utf8" },
  );
  if (existing.status === 0) {
    const { process: registered } = JSON.parse(existing.stdout);
    if (registered.owner !== owner.address) {
      throw new Error(
        `process ${PROCESS_ID} belongs to another owner; delete ${shownPath(settings.stateDir)}/ to start the demo over`,
      );
    }
    console.log(`(already registered by this owner in an earlier run)`);
  } else if (existing.status !== 3) {
    process.stderr.write(existing.stderr);
    throw new Error(`agentgate get-process failed (exit ${existing.status})`);
  } else {
    const config = {
      id: PROCESS_ID,
      name: "Text statistics",
      description: "Counts words and sentences and scores readability",
      url: "service://TEXT_STATS_AGENT",
      // The gateway's operator reports each run's outcome, so it must be among the agents.
      agents: [keys.operator.address],
      tags: ["demo", "text"],
      pricing: { taskPrice: PRICE, currency: "APT", requiresPrepayment: true },
    };
    const file = join(DEMO_DIR, "text-stats.json");
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    console.log(`${shownPath(file)}:\n${JSON.stringify(config, null, 2).replace(/^/gm, "  ")}`);
    agentgate(["register", "-c", file], { key: owner.key });
    registeredNow = true;
  }

  heading("Anyone can list it");
  agentgate(["list", "-t", "demo"]);

  heading("The user pays into escrow");
  const taskId = `demo-${Date.now()}`;
  agentgate(["pay", "-i", PROCESS_ID, "-a", PRICE, "-t", taskId], { key: user.key });

  heading("The payment verifies");
  agentgate(["verify-payment", "-i", PROCESS_ID, "-u", user.address]);

  heading("The user runs the process through the gateway on that payment");
  const text =
    "Escrow makes paying an agent safe. The money waits on chain until the work is approved. " +
    "If the agent fails, the payer takes it back.";
  const ran = agentgate(["run", "-i", PROCESS_ID, "-t", taskId, "-d", JSON.stringify({ text })], {
    key: user.key,
  });
  // The gateway's transaction ids are UUIDv7.
  const transactionId = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
    ran,
  )?.[0];
  if (!transactionId) throw new Error("the run printed no transaction id");

  heading("Its logs, read back through the gateway");
  agentgate(["logs", "-i", PROCESS_ID, "-x", transactionId]);

  heading("The user approves the work: the escrow is released to the owner");
  agentgate(["release", "-i", PROCESS_ID, "-t", taskId], { key: user.key });
  agentgate(["payment", "-i", PROCESS_ID, "-t", taskId], { key: user.key });

  heading("Balances after");
  const after = { owner: json(["balance", owner.address]), user: json(["balance", user.address]) };
  agentgate(["balance", owner.address]);
  agentgate(["balance", user.address]);
  const delta = (who) => BigInt(after[who].balance) - BigInt(before[who].balance);
  console.log(
    `\n  owner: ${delta("owner") >= 0n ? "+" : ""}${delta("owner")} octas (the price${registeredNow ? ", less gas for registering" : ""})` +
      `\n  user:  ${delta("user")} octas (the price plus gas for paying and releasing)`,
  );
}

let stack;
try {
  if (!existsSync(CLI)) {
    const built = spawnSync(process.execPath, [join(ROOT, "cli", "build.mjs")], {
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("building the CLI failed");
  }
  console.log(
    `The local stack: devnode ${ledgerOrigin}, gateway ${gatewayOrigin}, state in ${shownPath(settings.stateDir)}/`,
  );
  stack = await ensureStack();
  await demo();
  console.log("\nDone.");
} catch (error) {
  console.error(`\ndemo: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (stack) {
    console.log("Stopping the stack this demo started …");
    await stack.stop();
  }
}
