import { writeSync } from "node:fs";
import { formatWithOptions } from "node:util";
import { type CommandDef, defineCommand, renderUsage, runCommand } from "citty";
import { COMMANDS, findCommand } from "./command-table.js";
import { usageError } from "./errors/cli-error.js";
import { describeError } from "./errors/describe-error.js";
import { EXIT_CODES } from "./errors/exit-codes.js";
import { redactSecrets } from "./errors/secrets.js";
import { escapeControls } from "./output/format.js";
import { forTerminal } from "./output/terminal-colour.js";

declare const AGENTGATE_VERSION: string | undefined;
const VERSION = typeof AGENTGATE_VERSION === "string" ? AGENTGATE_VERSION : "0.0.0-dev";
const ROOT_META = {
  name: "agentgate",
  version: VERSION,
  description: "Register, pay for and run agent processes on Aptos",
};

const HELP_FLAGS = new Set(["--help", "-h"]);

// The root help lists commands from the static table, so it loads none of them.
function rootHelpCommand(): CommandDef {
  const subCommands = Object.fromEntries(
    Object.entries(COMMANDS).map(([name, entry]) => [
      name,
      defineCommand({ meta: { name, description: entry.description } }),
    ]),
  );
  return defineCommand({ meta: ROOT_META, subCommands });
}

/**
 * Writes straight to file descriptor 1: creating `process.stdout` (a stream over a TTY or pipe)
 * costs a cold `--help` about 6 ms, a fifth of its time over Node's own start-up. A pipe that
 * cannot take the text at once falls back to the stream.
 */
function writeStdout(text: string): void {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(1, bytes, written);
  } catch {
    process.stdout.write(bytes.subarray(written));
  }
}

async function showHelp(rawArgs: string[]): Promise<void> {
  const [name, ...rest] = rawArgs.filter((arg) => !HELP_FLAGS.has(arg));
  const entry = name === undefined ? undefined : findCommand(name);
  if (!entry) {
    writeStdout(forTerminal(`${await renderUsage(rootHelpCommand())}\n`, 1));
    return;
  }
  let parent: CommandDef = defineCommand({ meta: ROOT_META });
  let command = await entry.load();
  // `account new --help`: descend through nested subcommands named on the line.
  for (const arg of rest) {
    const subs = typeof command.subCommands === "function" ? undefined : await command.subCommands;
    const next = subs?.[arg];
    if (!next) break;
    parent = command;
    command = typeof next === "function" ? await next() : await next;
  }
  writeStdout(forTerminal(`${await renderUsage(command, parent)}\n`, 1));
}

async function main(rawArgs: string[]): Promise<void> {
  const [name] = rawArgs;
  if (name === undefined) {
    process.stderr.write(forTerminal(`${await renderUsage(rootHelpCommand())}\n`, 2));
    process.exitCode = EXIT_CODES.usage;
    return;
  }
  if (rawArgs.some((arg) => HELP_FLAGS.has(arg))) return showHelp(rawArgs);
  if (rawArgs.length === 1 && (name === "--version" || name === "-v")) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const entry = findCommand(name);
  if (!entry) throw usageError(`unknown command "${name}"; run agentgate --help for the list`);
  await runCommand(await entry.load(), { rawArgs: rawArgs.slice(1) });
}

const rawArgs = process.argv.slice(2);

// stdout carries only the command's result (--json must stay parseable): chatter that
// libraries print through console goes to stderr, and only with --verbose.
function routeConsoleToStderr(verbose: boolean): void {
  const toStderr = (...parts: unknown[]) => {
    process.stderr.write(`${redactSecrets(formatWithOptions({ colors: false }, ...parts))}\n`);
  };
  const quiet = () => {};
  console.log = verbose ? toStderr : quiet;
  console.info = verbose ? toStderr : quiet;
  console.debug = verbose ? toStderr : quiet;
  console.warn = toStderr;
}

routeConsoleToStderr(rawArgs.includes("--verbose"));
main(rawArgs).catch((error: unknown) => {
  const described = describeError(error);
  if (rawArgs.includes("--json")) {
    const body = {
      success: false,
      error: described.message,
      kind: described.kind,
      ...(described.transactionHash === undefined
        ? {}
        : { transactionHash: described.transactionHash }),
    };
    process.stderr.write(`${JSON.stringify(body)}\n`);
  } else {
    // The message may quote a ledger's or an agent's text: printed with its controls escaped.
    process.stderr.write(`error: ${escapeControls(described.message)}\n`);
  }
  if (rawArgs.includes("--verbose") && error instanceof Error && error.stack) {
    process.stderr.write(`${redactSecrets(error.stack)}\n`);
  }
  process.exitCode = described.exitCode;
});
