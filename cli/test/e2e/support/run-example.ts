/** Runs one of docs/examples/*.mjs as a user would: node, its arguments, only the env given. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { expect } from "vitest";
import { DEVNODE_CHAIN_ID } from "#shared/contract/devnode";
import { type LocalStack, REPO_ROOT } from "./local-stack.js";

export interface ExampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runExample(args: {
  example: "x402-pay-and-run.mjs" | "a2a-pay-and-run.mjs";
  argv: string[];
  env: Record<string, string>;
}): Promise<ExampleRun> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, "docs", "examples", args.example), ...args.argv],
      {
        env: { PATH: process.env.PATH ?? "", ...args.env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.once("error", fail);
    child.once("close", (code) => done({ code, stdout, stderr }));
  });
}

/**
 * What a payer tells an example, never the gateway: the package its payment must call, the chain
 * it pays on (the devnode's) and the most it pays (docs/x402.md, "A client from scratch").
 */
export function paymentTerms(stack: LocalStack, maxPrice: bigint): Record<string, string> {
  return {
    AGENTGATE_MODULE_ADDRESS: stack.moduleAddress,
    AGENTGATE_CHAIN_ID: String(DEVNODE_CHAIN_ID),
    AGENTGATE_MAX_PRICE: maxPrice.toString(),
  };
}

/** The example refused the offer before signing: exit 1, the reason matching `why`. */
export function expectOfferRefused(run: ExampleRun, why: RegExp) {
  expect(run.code, run.stdout).toBe(1);
  expect(run.stderr).toMatch(/the offer is not the payment asked for/);
  expect(run.stderr).toMatch(why);
}
