import { FUNCTIONS } from "../contract/functions.js";
import { rawEntryTransactionBytes, signedTransactionBytes, signingMessage } from "./entry-bcs.js";
import { LedgerError } from "./errors.js";
import type { NetworkConfig } from "./networks.js";
import type {
  EntryCall,
  EntrySubmission,
  LedgerSigner,
  TransactionContext,
} from "./transactions.js";

/** Building and signing an entry-function transaction, before anything is sent. */

/** The gas cap of a transaction whose options set none (SubmitOptions.maxGasAmount). */
export const DEFAULT_MAX_GAS_AMOUNT = 200_000n;
/** How long a transaction stays valid, as the SDK's default. */
const EXPIRATION_SECS = 20n;

/** The package address; invalid_input when the network has none configured. */
export function packageAddress(network: NetworkConfig): string {
  if (network.moduleAddress === undefined) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `moduleAddress: the agent_platform package address is not configured for network "${network.name}"`,
    });
  }
  return network.moduleAddress;
}

/** An entry function of our package as a submission, its parameter types from the shared table. */
export function packageEntrySubmission(args: {
  network: NetworkConfig;
  call: EntryCall;
}): EntrySubmission {
  const { call } = args;
  const address = packageAddress(args.network);
  const spec = FUNCTIONS[call.fn];
  return {
    signer: call.signer,
    function: { address, module: spec.module, name: spec.name },
    params: spec.params,
    args: call.args,
    ...(call.options === undefined ? {} : { options: call.options }),
  };
}

/** The raw transaction of `submission` on `context` (sequence number, gas price, chain id). */
export function rawEntryTransaction(args: {
  submission: EntrySubmission;
  context: TransactionContext;
}): Uint8Array {
  const { submission, context } = args;
  return rawEntryTransactionBytes({
    sender: submission.signer.accountAddress.toStringLong(),
    sequenceNumber: context.sequenceNumber,
    function: submission.function,
    params: submission.params,
    args: submission.args,
    maxGasAmount: submission.options?.maxGasAmount ?? DEFAULT_MAX_GAS_AMOUNT,
    gasUnitPrice: context.gasUnitPrice,
    expirationTimestampSecs: BigInt(Math.floor(Date.now() / 1000)) + EXPIRATION_SECS,
    chainId: context.chainId,
  });
}

/** The signed transaction's BCS, as the node is sent it. */
export async function signedRawTransaction(args: {
  signer: LedgerSigner;
  raw: Uint8Array;
}): Promise<Uint8Array<ArrayBuffer>> {
  const { signer, raw } = args;
  const authenticator = await signer.signWithAuthenticator(signingMessage(raw));
  return signedTransactionBytes(raw, authenticator.bcsToBytes());
}
