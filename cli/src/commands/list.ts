import { defineCommand } from "citty";
import { toSpecProcess } from "#shared/ledger";
import { addressSchema } from "#shared/schemas/address";
import { processStatusCode, processStatusSchema, tagSchema } from "#shared/schemas/process";
import { readArgs } from "../args/common-args.js";
import { processTable } from "../output/views.js";
import { openSession } from "../runtime/session.js";
import { parseOptionalOption } from "../validate/options.js";

export default defineCommand({
  args: {
    owner: {
      type: "string",
      alias: "o",
      valueHint: "address",
      description: "Only processes of this owner",
    },
    tag: {
      type: "string",
      alias: "t",
      valueHint: "tag",
      description: "Only processes with this tag",
    },
    status: {
      type: "string",
      alias: "s",
      valueHint: "active|inactive|maintenance",
      description: "Only processes in this status",
    },
    ...readArgs,
  },
  async run({ args }) {
    const owner = parseOptionalOption("owner", addressSchema, args.owner);
    const tag = parseOptionalOption("tag", tagSchema, args.tag);
    const status = parseOptionalOption("status", processStatusSchema, args.status);
    const session = openSession(args);
    const all = await session.client.listAllProcesses(owner === undefined ? {} : { owner });
    const processes = all.filter(
      (p) =>
        (tag === undefined || p.tags.includes(tag)) &&
        (status === undefined || p.status === processStatusCode(status)),
    );
    session.out.result(
      { success: true, processes: processes.map(toSpecProcess), count: processes.length },
      () => processTable(processes),
    );
  },
});
