/**
 * What the bench (Node) needs from shared/: the ledger client and the two signing schemes.
 * Bundled with esbuild by run.mjs, since Node 20 runs no TypeScript.
 */
export { Account } from "@aptos-labs/ts-sdk";
export { signAgentRequest } from "../../shared/src/auth/agent-signature.js";
export { signCallerProof } from "../../shared/src/auth/caller-proof.js";
export { createLedgerClient } from "../../shared/src/ledger/client.js";
export { resolveNetwork } from "../../shared/src/ledger/networks.js";
