import { accountFunctions } from "./account.js";
import { type CreateLedgerClientArgs, createLedgerCore } from "./core.js";
import { paymentFunctions } from "./payment.js";
import { registryFunctions } from "./registry.js";
import { signedTransactionFunctions } from "./signed-transactions.js";
import { workflowFunctions } from "./workflow.js";

/**
 * The ledger client: every entry and view function of the package, the payment operations,
 * and account helpers, over @aptos-labs/ts-sdk with an injected fetch. The same object works in
 * Node (the CLI) and in workerd (gateway, agents); pass a service binding's fetch to reach the
 * devnode without a network hop.
 */
export function createLedgerClient(args: CreateLedgerClientArgs) {
  const core = createLedgerCore(args);
  return {
    network: core.network,
    /** The ts-sdk instance, for what the client does not wrap. */
    aptos: core.aptos,
    moduleAddress: core.moduleAddress,
    /** The sequence number, gas price and chain id a transaction of a sender needs. */
    transactionContext: core.transactionContext,
    /** Building, signing, simulating, batching and awaiting transactions (transactions.ts). */
    transactions: core.transactions,
    /** The package's module events in ledger order, from the network's indexer (module-events.ts). */
    moduleEvents: core.moduleEvents,
    ...accountFunctions(core),
    ...registryFunctions(core),
    ...paymentFunctions(core),
    ...workflowFunctions(core),
    ...signedTransactionFunctions(core),
  };
}

export type LedgerClient = ReturnType<typeof createLedgerClient>;
