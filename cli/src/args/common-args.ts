import type { ArgsDef } from "citty";

/**
 * Argument groups shared by the commands. Names and short flags are the common options of
 * README.md, "Settings: network, module address, key";
 * env variables and precedence are resolved in config/, not by citty, so no defaults here.
 */
export const networkArgs = {
  network: {
    type: "string",
    alias: "n",
    valueHint: "network",
    description:
      "mainnet, testnet, devnet, local or a fullnode URL (env APTOS_NETWORK, LEDGER_NETWORK; default testnet)",
  },
  "module-address": {
    type: "string",
    alias: "m",
    valueHint: "address",
    description:
      "Address of the agent_platform package (env APTOS_MODULE_ADDRESS, LEDGER_MODULE_ADDRESS; known for local)",
  },
  profile: {
    type: "string",
    valueHint: "name",
    description: "Read network, key and module address from this .aptos/config.yaml profile",
  },
} as const satisfies ArgsDef;

export const keyArgs = {
  "private-key": {
    type: "string",
    alias: "p",
    valueHint: "key",
    description:
      "Ed25519 private key of the signing account (env APTOS_PRIVATE_KEY, LEDGER_PRIVATE_KEY)",
  },
} as const satisfies ArgsDef;

export const outputArgs = {
  json: { type: "boolean", description: "Machine-readable JSON on stdout" },
  verbose: { type: "boolean", description: "Show where settings came from, and stacks on errors" },
} as const satisfies ArgsDef;

/** Options of a command that only reads the ledger. */
export const readArgs = { ...networkArgs, ...outputArgs } as const satisfies ArgsDef;

/** Options of a command that signs a transaction. */
export const signArgs = { ...networkArgs, ...keyArgs, ...outputArgs } as const satisfies ArgsDef;

/** The values every command receives from these groups, as citty parses them. */
export interface CommonArgValues {
  network?: string | undefined;
  "module-address"?: string | undefined;
  profile?: string | undefined;
  "private-key"?: string | undefined;
  json?: boolean | undefined;
  verbose?: boolean | undefined;
}
