import { existsSync, writeFileSync } from "node:fs";
import { Account, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { defineCommand } from "citty";
import { outputArgs } from "../args/common-args.js";
import { CliError, usageError } from "../errors/cli-error.js";
import { formatKeyValues } from "../output/format.js";
import { createOutput } from "../output/output.js";

export default defineCommand({
  meta: {
    name: "new",
    description: "Create an Ed25519 key pair; prints the address, writes the key only with --out",
  },
  args: {
    out: {
      type: "string",
      alias: "o",
      valueHint: "path",
      description: "Write the private key (AIP-80 form) to this new file, readable only by you",
    },
    ...outputArgs,
  },
  run({ args }) {
    const out = createOutput({ json: args.json === true });
    if (args.out !== undefined && args.out.trim() === "")
      throw usageError("--out needs a file path");
    if (args.out !== undefined && existsSync(args.out)) {
      throw usageError(
        `--out ${args.out} already exists; choose a new file (keys are never overwritten)`,
      );
    }
    const account = Account.generate();
    const address = account.accountAddress.toStringLong();
    const publicKey = account.publicKey.toString();
    if (args.out !== undefined) {
      const key = PrivateKey.formatPrivateKey(
        account.privateKey.toString(),
        PrivateKeyVariants.Ed25519,
      );
      try {
        // "wx": create only, so a race with another writer fails instead of clobbering a key.
        writeFileSync(args.out, `${key}\n`, { mode: 0o600, flag: "wx" });
      } catch (error) {
        const reason =
          error instanceof Error && "code" in error ? String(error.code) : "write failed";
        throw new CliError("usage", `--out ${args.out}: cannot write the key file (${reason})`);
      }
    } else {
      out.note("The private key was not saved: pass --out <file> to keep it.");
    }
    out.result(
      {
        success: true,
        address,
        publicKey,
        ...(args.out === undefined ? {} : { keyFile: args.out }),
      },
      () =>
        formatKeyValues([
          ["address", address],
          ["public key", publicKey],
          ...(args.out === undefined ? [] : ([["key file", args.out]] as [string, string][])),
        ]),
    );
  },
});
