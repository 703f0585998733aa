/**
 * What the bench (Node) needs from shared/: the ledger client and the two signing schemes.
 * Bundled with esbuild by run.mjs, since Node 20 runs no TypeScript.
 */
export { Account } from "@aptos-labs/ts-sdk";
export { signAgentRequest } from "#shared/auth/agent-signature";
export { signCallerProof } from "#shared/auth/caller-proof";
export { createLedgerClient } from "#shared/ledger/client";
export { resolveNetwork } from "#shared/ledger/networks";
