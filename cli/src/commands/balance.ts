import { defineCommand } from "citty";
import { addressSchema } from "#shared/schemas/address";
import { keyArgs, readArgs } from "../args/common-args.js";
import { usageError } from "../errors/cli-error.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import { openSession } from "../runtime/session.js";
import { parseOptionalOption } from "../validate/options.js";

export default defineCommand({
  args: {
    address: { type: "positional", required: false, description: "Account address" },
    ...keyArgs,
    ...readArgs,
  },
  async run({ args }) {
    const given = parseOptionalOption("ADDRESS", addressSchema, args.address);
    const session = openSession(args, { requireModuleAddress: false });
    if (given === undefined && !session.settings.privateKey) {
      throw usageError("give an ADDRESS, or a key with -p/--private-key");
    }
    const address = given ?? session.transactionSigner().accountAddress.toStringLong();
    const octas = await session.client.balance(address);
    session.out.result({ success: true, address, balance: octas.toString() }, () =>
      formatKeyValues([
        ["address", address],
        ["balance", formatApt(octas)],
      ]),
    );
  },
});
