import { readFileSync } from "node:fs";
import { join } from "node:path";
import { accountNewJson } from "./cli-schemas.js";
import { jsonResult } from "./json-output.js";
import { runCli } from "./run-cli.js";

export interface TestAccount {
  address: string;
  key: string;
}

/** A new key made with `account new --out`, funded through `fund` on the devnode. */
export async function newFundedAccount(args: {
  dir: string;
  name: string;
  env: Record<string, string>;
  octas?: string;
}): Promise<TestAccount> {
  const path = join(args.dir, `${args.name}.key`);
  const created = jsonResult(
    await runCli(["account", "new", "--out", path, "--json"]),
    accountNewJson,
  );
  const key = readFileSync(path, "utf8").trim();
  const funded = await runCli(["fund", created.address, "-a", args.octas ?? "500000000"], {
    env: args.env,
  });
  if (funded.code !== 0) throw new Error(`fund failed: ${funded.stderr}`);
  return { address: created.address, key };
}
