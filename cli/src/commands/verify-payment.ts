import { defineCommand } from "citty";
import { addressSchema } from "#shared/schemas/address";
import { processIdSchema } from "#shared/schemas/ids";
import { readArgs } from "../args/common-args.js";
import { formatKeyValues } from "../output/format.js";
import { openSession } from "../runtime/session.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    user: {
      type: "string",
      alias: "u",
      required: true,
      valueHint: "address",
      description: "The payer's address",
    },
    ...readArgs,
  },
  async run({ args }) {
    const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
    const userAddress = parseOption("user", addressSchema, requireValue("user", args.user));
    const session = openSession(args);
    const verified = await session.client.verifyPayment(userAddress, processId);
    session.out.result({ success: true, verified, processId, userAddress }, () =>
      formatKeyValues([
        ["process", processId],
        ["user", userAddress],
        ["verified", verified ? "yes: a payment is in escrow" : "no usable payment in escrow"],
      ]),
    );
  },
});
