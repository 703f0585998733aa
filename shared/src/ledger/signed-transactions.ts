import {
  type Account,
  AccountAddress,
  Deserializer,
  EntryFunctionBytes,
  generateSignedTransaction,
  getAuthenticatorForSimulation,
  Hex,
  MimeType,
  type PendingTransactionResponse,
  postAptosFullNode,
  SignedTransaction,
  type SimpleTransaction,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorSingleSender,
  TransactionPayloadEntryFunction,
} from "@aptos-labs/ts-sdk";
import { type EntryFunctionName, FUNCTIONS } from "../contract/functions.js";
import { entryFunctionAbi, functionId } from "./abi.js";
import { type DecodedArg, decodeArgument } from "./bcs-args.js";
import { buildOptions, type LedgerCore } from "./core.js";
import { signedTransactionBytes, signedTransactionHash } from "./entry-bcs.js";
import { LedgerError } from "./errors.js";
import { toAddress } from "./inputs.js";
import { toU64 } from "./integers.js";
import type { PaymentRequestInput } from "./payment.js";
import { ledgerCall } from "./to-ledger-error.js";
import type { SubmitOptions, TxReceipt, WaitOptions } from "./transactions.js";

/** A client-signed transaction as the gateway receives it, decoded without trusting it. */
export interface DecodedSignedTransaction {
  /** The transaction hash a node will report for it. */
  hash: string;
  sender: string;
  sequenceNumber: bigint;
  /** `<address long>::<module>::<function>` */
  function: string;
  /** Set when the function is one of our package's entry functions (at the given module address). */
  entryFunction?: EntryFunctionName;
  /** Arguments by parameter name, decoded by the table; empty for functions not in the table. */
  args: Record<string, DecodedArg>;
  typeArguments: string[];
  chainId: number;
  expirationTimestampSecs: bigint;
  maxGasAmount: bigint;
  gasUnitPrice: bigint;
  /**
   * Whether a node can simulate it for its signer (simulationBytes): signed by its sender alone,
   * with an Ed25519, single-key or multi-key account.
   */
  simulatable: boolean;
}

function invalid(message: string, cause?: unknown): LedgerError {
  return new LedgerError({
    kind: "invalid_input",
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}

function bytesOfHex(hex: string): Uint8Array {
  if (!/^(0x)?([0-9a-fA-F]{2})+$/.test(hex)) {
    throw invalid("signedTransaction: expected hex-encoded BCS bytes");
  }
  return Hex.fromHexString(hex).toUint8Array();
}

/** BCS of a signed transaction, hex with 0x, as sent to the gateway's /api/payment. */
export function signTransactionHex(args: {
  signer: Account;
  transaction: SimpleTransaction;
}): string {
  const senderAuthenticator = args.signer.signTransactionWithAuthenticator(args.transaction);
  return Hex.fromHexInput(
    generateSignedTransaction({ transaction: args.transaction, senderAuthenticator }),
  ).toString();
}

/** A SignedTransaction's BCS, read whole: nothing may follow it. */
function readSignedTransaction(bytes: Uint8Array): SignedTransaction {
  try {
    const d = new Deserializer(bytes);
    const signed = SignedTransaction.deserialize(d);
    if (d.remaining() !== 0) throw new Error(`${d.remaining()} trailing bytes`);
    return signed;
  } catch (error) {
    throw invalid(
      `signedTransaction: not a BCS SignedTransaction (${error instanceof Error ? error.message : String(error)})`,
      error,
    );
  }
}

/**
 * Decodes a signed transaction (hex BCS) so a server can check what it does before submitting
 * it: sender, function, arguments by name, chain id. It does not check the signature; the node
 * does that on submit.
 */
export function decodeSignedTransaction(
  hex: string,
  moduleAddress: string,
): DecodedSignedTransaction {
  const bytes = bytesOfHex(hex);
  const signed = readSignedTransaction(bytes);
  const raw = signed.raw_txn;
  if (!(raw.payload instanceof TransactionPayloadEntryFunction)) {
    throw invalid("signedTransaction: the payload is not an entry function call");
  }
  const call = raw.payload.entryFunction;
  const address = call.module_name.address.toStringLong();
  const module = call.module_name.name.identifier;
  const name = call.function_name.identifier;
  const decoded: DecodedSignedTransaction = {
    hash: signedTransactionHash(bytes),
    sender: raw.sender.toStringLong(),
    sequenceNumber: raw.sequence_number,
    function: `${address}::${module}::${name}`,
    args: {},
    typeArguments: call.type_args.map((tag) => tag.toString()),
    chainId: raw.chain_id.chainId,
    expirationTimestampSecs: raw.expiration_timestamp_secs,
    maxGasAmount: raw.max_gas_amount,
    gasUnitPrice: raw.gas_unit_price,
    simulatable: simulationPublicKey(signed) !== undefined,
  };
  const ours = AccountAddress.from(moduleAddress).equals(call.module_name.address);
  const entry = ours ? tableEntry(module, name) : undefined;
  if (entry === undefined) return decoded;
  const params = FUNCTIONS[entry].params;
  if (call.args.length !== params.length) {
    throw invalid(
      `signedTransaction: ${name} takes ${params.length} arguments, got ${call.args.length}`,
    );
  }
  params.forEach((param, i) => {
    const arg = call.args[i];
    try {
      // A deserialized payload holds each argument as its own BCS bytes.
      if (!(arg instanceof EntryFunctionBytes)) throw new Error("missing argument bytes");
      decoded.args[param.name] = decodeArgument(arg.value.value, param);
    } catch (error) {
      throw invalid(`signedTransaction: argument ${param.name} is not a ${param.type}`, error);
    }
  });
  decoded.entryFunction = entry;
  return decoded;
}

type SimulationPublicKey = Parameters<typeof getAuthenticatorForSimulation>[0];

/** The key a simulation names for the sender, when the sender signed alone with one. */
function simulationPublicKey(signed: SignedTransaction): SimulationPublicKey {
  const auth = signed.authenticator;
  if (auth instanceof TransactionAuthenticatorEd25519) return auth.public_key;
  if (!(auth instanceof TransactionAuthenticatorSingleSender)) return undefined;
  const sender = auth.sender;
  if (sender.isEd25519() || sender.isSingleKey()) return sender.public_key;
  if (sender.isMultiKey()) return sender.public_keys;
  return undefined;
}

/**
 * A client-signed transaction (hex BCS) as a node simulates it: the same RawTransaction bytes,
 * the sender's public key, an all-zero signature (a node refuses to simulate a validly signed
 * transaction). Only a sender signing alone, with an Ed25519, single-key or multi-key account,
 * can be simulated; anything else (fee payer, multi-agent) is invalid_input.
 */
export function simulationBytes(hex: string): Uint8Array<ArrayBuffer> {
  const signed = readSignedTransaction(bytesOfHex(hex));
  const publicKey = simulationPublicKey(signed);
  if (publicKey === undefined) {
    throw invalid(
      "signedTransaction: must be signed by its sender alone, with an Ed25519, single-key or multi-key account",
    );
  }
  return signedTransactionBytes(
    signed.raw_txn.bcsToBytes(),
    getAuthenticatorForSimulation(publicKey).bcsToBytes(),
  );
}

function tableEntry(module: string, name: string): EntryFunctionName | undefined {
  for (const [key, spec] of Object.entries(FUNCTIONS)) {
    if (spec.kind === "entry" && spec.module === module && spec.name === name) {
      return key as EntryFunctionName;
    }
  }
  return undefined;
}

export function signedTransactionFunctions(core: LedgerCore) {
  const { aptos } = core;
  return {
    /**
     * A make_payment for `sender`, built from the table's ABI, ready for the payer to sign.
     * `expiresAtSecs` (Unix seconds) is when the ledger stops accepting it; the SDK's default is
     * 20 s after building, too short to sign by hand.
     */
    async buildUnsignedMakePayment(args: {
      sender: string;
      request: PaymentRequestInput;
      expiresAtSecs?: number;
      options?: Pick<SubmitOptions, "sequenceNumber" | "maxGasAmount" | "gasUnitPrice">;
    }): Promise<SimpleTransaction> {
      const address = core.moduleAddress();
      const sender = toAddress(args.sender, "sender");
      const amount = toU64(args.request.amount, "amount");
      return ledgerCall(address, () =>
        aptos.transaction.build.simple({
          sender,
          data: {
            function: functionId(address, "make_payment"),
            functionArguments: [args.request.processId, args.request.taskId, amount],
            abi: entryFunctionAbi(address, "make_payment"),
          },
          options: {
            ...buildOptions(args.options ?? {}),
            ...(args.expiresAtSecs === undefined ? {} : { expireTimestamp: args.expiresAtSecs }),
          },
        }),
      );
    },

    /** Decodes with this network's module address. */
    decodeSignedTransaction(hex: string): DecodedSignedTransaction {
      return decodeSignedTransaction(hex, core.moduleAddress());
    },

    /**
     * Runs client-signed BCS (hex) on the node without committing it, its signature zeroed
     * (simulationBytes); throws the LedgerError it would fail with (an abort with the abort
     * table's message), so a server submits nothing the ledger would refuse.
     */
    async simulateSignedTransaction(hex: string): Promise<void> {
      await core.simulateSigned(simulationBytes(hex));
    },

    /** Submits client-signed BCS (hex) as-is and waits for it to commit. */
    async submitSignedTransaction(hex: string, options?: WaitOptions): Promise<TxReceipt> {
      const body = bytesOfHex(hex);
      const { data } = await ledgerCall(core.network.moduleAddress, () =>
        postAptosFullNode<Uint8Array, PendingTransactionResponse>({
          aptosConfig: aptos.config,
          path: "transactions",
          body,
          originMethod: "submitTransaction",
          contentType: MimeType.BCS_SIGNED_TRANSACTION,
        }),
      );
      return core.waitForTransaction(data.hash, options);
    },
  };
}

export type SignedTransactionFunctions = ReturnType<typeof signedTransactionFunctions>;
