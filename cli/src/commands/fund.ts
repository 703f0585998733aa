import { defineCommand } from "citty";
import { addressSchema } from "#shared/schemas/address";
import { amountSchema } from "#shared/schemas/amount";
import { keyArgs, readArgs } from "../args/common-args.js";
import { usageError } from "../errors/cli-error.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parseOption, parseOptionalOption } from "../validate/options.js";

const DEFAULT_FUND_OCTAS = "100000000";
// Minting nothing is a mistake on the command line, refused before any request.
const fundAmountSchema = amountSchema.refine((octas) => octas > 0n, {
  message: "must be at least 1 octa",
});

export default defineCommand({
  args: {
    address: {
      type: "positional",
      required: false,
      description: "Account address (default: the signer's)",
    },
    amount: {
      type: "string",
      alias: "a",
      default: DEFAULT_FUND_OCTAS,
      valueHint: "octas",
      description: "Octas to mint",
    },
    ...keyArgs,
    ...readArgs,
  },
  async run({ args }) {
    const given = parseOptionalOption("ADDRESS", addressSchema, args.address);
    const amount = parseOption("amount", fundAmountSchema, args.amount);
    const session = openSession(args, { requireModuleAddress: false });
    if (session.network.name === "mainnet" || session.network.name === "testnet") {
      throw usageError(
        `fund works on local, devnet or a custom node with a faucet, not on ${session.network.name}`,
      );
    }
    if (given === undefined && !session.settings.privateKey) {
      throw usageError("give an ADDRESS, or a key with -p/--private-key");
    }
    const address = given ?? session.transactionSigner().accountAddress.toStringLong();
    const receipt = await session.submit("fund", (wait) =>
      session.client.fund({ address, amount, ...wait }),
    );
    const balance = await session.client.balance(address);
    const tx = session.transaction(receipt.hash);
    session.out.result(
      { success: true, address, amount: amount.toString(), balance: balance.toString(), ...tx },
      () =>
        formatKeyValues([
          ["address", address],
          ["funded", formatApt(amount)],
          ["balance", formatApt(balance)],
          ...transactionRows(tx),
        ]),
    );
  },
});
