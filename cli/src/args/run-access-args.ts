import type { ArgsDef } from "citty";
import { keyArgs, networkArgs, outputArgs } from "./common-args.js";
import { gatewayArgs } from "./gateway-args.js";

/** The options of watch, result and cancel-run: which run, and the credentials to reach it. */
export const runAccessArgs = {
  transaction: {
    type: "string",
    alias: "x",
    required: true,
    valueHint: "id",
    description: "Transaction id of the run (run and run --async print it)",
  },
  token: {
    type: "string",
    valueHint: "agr_…",
    description:
      "The run's access token (default: the one kept when this CLI started the run, else the key's caller proof as its payer)",
  },
  ...gatewayArgs,
  ...keyArgs,
  profile: networkArgs.profile,
  ...outputArgs,
} as const satisfies ArgsDef;

/** The values citty hands a command for these options. */
export interface RunAccessArgValues {
  transaction?: string | undefined;
  token?: string | undefined;
  gateway?: string | undefined;
  "private-key"?: string | undefined;
  profile?: string | undefined;
  json?: boolean | undefined;
  verbose?: boolean | undefined;
}
