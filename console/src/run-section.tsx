import { useContext } from "hono/jsx/dom";
import type { ProcessSchemaResponse } from "#shared/schemas/gateway";
import type { Process } from "#shared/schemas/process";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import { startRun } from "./api.js";
import { usePayer } from "./browser-wallet-state.js";
import { DevWalletContext } from "./dev-wallet-state.js";
import { payAndRun } from "./pay-and-run.js";
import { priceOf, priceText } from "./price.js";
import { href } from "./route.js";
import { RunForm } from "./run-form.js";
import { type KeptPayment, keepRun } from "./run-tokens.js";
import type { Loaded } from "./use-api.js";
import { consoleSettings } from "./wallet-api.js";

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
 * once; a paid one is paid through x402 from the connected wallet (a browser wallet, else the
 * development wallet), at the price shown, and then refreshes the development wallet's balance.
 */
export function RunSection(props: { process: Process; schema: Loaded<ProcessSchemaResponse> }) {
  const { process, schema } = props;
  const wallet = useContext(DevWalletContext);
  const price = priceOf(process);
  const payer = usePayer();
  if (price > 0n && payer === null) {
    return (
      <p>
        This process costs {priceText(process)} per run.{" "}
        {wallet.offered
          ? "Connect a browser wallet or the development wallet above to pay for a run from here."
          : "Connect a browser wallet above to pay for a run from here, or pay with the CLI or the HTTP API below."}
      </p>
    );
  }
  if (schema.state === "loading") return <p role="status">Loading its input schema…</p>;
  const inputSchema = schema.ok ? schema.value.inputSchema : null;
  if (price === 0n || payer === null) {
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
        A run costs {priceText(process)}, paid into escrow from {payer.label}{" "}
        <span class="address">{payer.address}</span>.
      </p>
      <RunForm
        inputSchema={inputSchema}
        payer={payer.address}
        submitLabel={`Pay ${priceText(process)} and run`}
        start={async ({ data }) => {
          const settings = await consoleSettings();
          if (!settings.ok) return settings.message;
          const paid = await payAndRun({
            processId: process.id,
            data,
            signer: payer,
            price,
            moduleAddress: settings.value.moduleAddress,
          });
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
