import { postAptosFaucet } from "@aptos-labs/ts-sdk";
import { z } from "zod";
import type { LedgerCore } from "./core.js";
import { LedgerError } from "./errors.js";
import { toAddress } from "./inputs.js";
import { toU64, type U64Input } from "./integers.js";
import { u64Json } from "./move-json.js";
import { ledgerCall } from "./to-ledger-error.js";
import type { LedgerSigner, SubmitOptions, TxReceipt, WaitOptions } from "./transactions.js";
import { single } from "./view-results.js";

const APTOS_COIN = "0x1::aptos_coin::AptosCoin";
const u64Result = single(u64Json);
const TRANSFER_PARAMS = [
  { name: "to", type: "address" },
  { name: "amount", type: "u64" },
];
const faucetAnswer = z.object({ txn_hashes: z.tuple([z.string()], z.string()) });

export function accountFunctions(core: LedgerCore) {
  const { aptos, network } = core;
  return {
    /**
     * APT balance in octas. Uses the 0x1::coin::balance view, which counts coin and paired
     * fungible-asset balances alike and needs no indexer.
     */
    async balance(address: string): Promise<bigint> {
      const owner = toAddress(address, "address");
      const values = await ledgerCall(network.moduleAddress, () =>
        aptos.viewJson({
          payload: {
            function: "0x1::coin::balance",
            typeArguments: [APTOS_COIN],
            functionArguments: [owner],
          },
        }),
      );
      const parsed = u64Result.safeParse(values);
      if (!parsed.success) {
        throw new LedgerError({
          kind: "rejected",
          message: "coin::balance: unexpected answer from the ledger node",
        });
      }
      return parsed.data;
    },

    /** Mints test APT through the faucet: local (devnode), devnet, or a custom node with one. */
    async fund(args: { address: string; amount: U64Input } & WaitOptions): Promise<TxReceipt> {
      const address = toAddress(args.address, "address");
      const amount = toU64(args.amount, "amount");
      if (network.faucet === undefined) {
        throw new LedgerError({
          kind: "invalid_input",
          message: `network: ${network.name} has no faucet; fund the account from another account or an exchange`,
        });
      }
      if (amount > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new LedgerError({
          kind: "invalid_input",
          message: "amount: at most 2^53-1 octas per faucet request",
        });
      }
      // The faucet call itself, without the sdk's waiting, so the client's poller reports progress.
      const { data } = await ledgerCall(network.moduleAddress, () =>
        postAptosFaucet<{ address: string; amount: number }, object>({
          aptosConfig: aptos.config,
          path: "fund",
          body: { address, amount: Number(amount) },
          originMethod: "fundAccount",
        }),
      );
      const hash = faucetAnswer.safeParse(data);
      if (!hash.success) {
        throw new LedgerError({ kind: "rejected", message: "faucet: answer without txn_hashes" });
      }
      return core.waitForTransaction(hash.data.txn_hashes[0], args);
    },

    /** 0x1::aptos_account::transfer (creates the recipient if needed). */
    transferApt(args: {
      signer: LedgerSigner;
      to: string;
      amount: U64Input;
      options?: SubmitOptions;
    }): Promise<TxReceipt> {
      const to = toAddress(args.to, "to");
      const amount = toU64(args.amount, "amount");
      return core.submit({
        signer: args.signer,
        function: { address: "0x1", module: "aptos_account", name: "transfer" },
        params: TRANSFER_PARAMS,
        args: [to, amount],
        ...(args.options === undefined ? {} : { options: args.options }),
      });
    },

    /** The account's next sequence number (0 for an account the ledger has not seen). */
    async sequenceNumber(address: string): Promise<bigint> {
      const owner = toAddress(address, "address");
      const info = await ledgerCall(network.moduleAddress, () =>
        aptos.getAccountInfo({ accountAddress: owner }),
      );
      return toU64(info.sequence_number, "sequence_number");
    },

    /** The chain id the node reports. */
    async chainId(): Promise<number> {
      return ledgerCall(network.moduleAddress, () => aptos.getChainId());
    },

    /** Ledger time in seconds, from the node's ledger info. */
    async ledgerTimeSecs(): Promise<bigint> {
      const info = await ledgerCall(network.moduleAddress, () => aptos.getLedgerInfo());
      return toU64(info.ledger_timestamp, "ledger_timestamp") / 1_000_000n;
    },

    // The sdk's own poller is replaced by the client's, which reports progress and retries outages.
    waitForTransaction: core.waitForTransaction,
  };
}

export type AccountFunctions = ReturnType<typeof accountFunctions>;
