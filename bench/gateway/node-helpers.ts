/**
 * What the bench (Node) needs from shared/: the ledger client, the two signing schemes and the
 * x402 escrow client.
 * Bundled with esbuild by run.mjs, since Node 20 runs no TypeScript.
 */
export { Account } from "@aptos-labs/ts-sdk";
export { signAgentRequest } from "#shared/auth/agent-signature";
export { signCallerProof } from "#shared/auth/caller-proof";
export { createLedgerClient } from "#shared/ledger/client";
export { resolveNetwork } from "#shared/ledger/networks";
export { createTransactionClient } from "#shared/ledger/transactions";
export {
  escrowPaymentPayload,
  readPaymentResponse,
  signMakePayment,
  signUnsignedTransaction,
} from "#shared/x402/escrow-client";
export { escrowRequirement } from "#shared/x402/escrow-scheme";
export {
  decodePaymentRequiredHeader,
  encodePaymentSignatureHeader,
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  X402_MEDIA_TYPE,
} from "#shared/x402/transport";
