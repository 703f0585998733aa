import { useContext } from "hono/jsx/dom";
import type { ProcessSchemaResponse } from "#shared/schemas/gateway";
import type { Process } from "#shared/schemas/process";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import { startRun } from "./api.js";
import { DevWalletContext } from "./dev-wallet-state.js";
import { payAndRun } from "./pay-and-run.js";
import { priceOf, priceText } from "./price.js";
import { href } from "./route.js";
import { RunForm } from "./run-form.js";
import { type KeptPayment, keepRun } from "./run-tokens.js";
import type { Loaded } from "./use-api.js";

/** Keeps the started run's token (and a paid run's receipt) and opens its page. */
function openRun(accepted: RunAcceptedResponse, payment?: KeptPayment): null {
  keepRun(accepted.transactionId, {
    token: accepted.accessToken,
    eventsUrl: accepted.links.events,
    ...(payment === undefined ? {} : { payment }),
  });
  location.hash = href.run(accepted.transactionId);
  return null;
}

/**
 * A process's run form (docs/console.md, "Run form", "Paying for a run"): a free run starts at
 * once; a paid one is paid from the connected development wallet through x402, at the price
 * shown, and then refreshes the wallet's balance.
 */
export function RunSection(props: { process: Process; schema: Loaded<ProcessSchemaResponse> }) {
  const { process, schema } = props;
  const wallet = useContext(DevWalletContext);
  const price = priceOf(process);
  const account = wallet.account;
  if (price > 0n && account === null) {
    return (
      <p>
        This process costs {priceText(process)} per run.{" "}
        {wallet.offered
          ? "Connect the development wallet above to pay for a run from here."
          : "Paying from the console needs a wallet, which comes next; until then pay with the CLI or the HTTP API below."}
      </p>
    );
  }
  if (schema.state === "loading") return <p role="status">Loading its input schema…</p>;
  const inputSchema = schema.ok ? schema.value.inputSchema : null;
  if (price === 0n || account === null) {
    return (
      <RunForm
        inputSchema={inputSchema}
        payer={null}
        submitLabel="Run"
        start={async ({ userAddress, data }) => {
          const started = await startRun({ processId: process.id, userAddress, data });
          return started.ok
            ? openRun(started.value)
            : `The gateway refused the run: ${started.message}`;
        }}
      />
    );
  }
  return (
    <>
      <p>
        A run costs {priceText(process)}, paid into escrow from the development wallet{" "}
        <span class="address">{account.address}</span>.
      </p>
      <RunForm
        inputSchema={inputSchema}
        payer={account.address}
        submitLabel={`Pay ${priceText(process)} and run`}
        start={async ({ data }) => {
          const paid = await payAndRun({ processId: process.id, data, account, price });
          await wallet.refresh();
          if (!paid.ok) return `The gateway refused the payment: ${paid.message}`;
          return openRun(paid.accepted, {
            transaction: paid.receipt.transaction,
            amount: `${price}`,
          });
        }}
      />
    </>
  );
}
