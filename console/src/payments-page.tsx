import { useContext, useEffect, useRef, useState } from "hono/jsx/dom";
import { type AccountPayment, listAccountPayments } from "./account-payments.js";
import { usePayer } from "./browser-wallet-state.js";
import { DevWalletContext } from "./dev-wallet-state.js";
import { ledgerInfo } from "./ledger-api.js";
import { PageTitle, ProblemLine } from "./page-parts.js";
import { PaymentCard } from "./payment-card.js";
import { consoleSettings } from "./wallet-api.js";

type Listed =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | {
      state: "done";
      payments: AccountPayment[];
      truncated: boolean;
      now: bigint;
      moduleAddress: string;
    };

async function loadPayments(address: string): Promise<Listed> {
  const [settings, ledger] = await Promise.all([consoleSettings(), ledgerInfo()]);
  if (!settings.ok) return { state: "failed", message: settings.message };
  if (!ledger.ok) return { state: "failed", message: ledger.message };
  const { moduleAddress } = settings.value;
  const listed = await listAccountPayments({ address, moduleAddress });
  if (!listed.ok) return { state: "failed", message: listed.message };
  // Deadlines are the ledger's: its clock, not this computer's.
  const now = BigInt(ledger.value.ledger_timestamp) / 1_000_000n;
  return {
    state: "done",
    payments: listed.payments,
    truncated: listed.truncated,
    now,
    moduleAddress,
  };
}

/**
 * My payments (docs/console.md, "My payments"): every payment the connected account made,
 * newest first, each with its state, deadlines and the actions the escrow allows it now.
 */
export function PaymentsPage() {
  const payer = usePayer();
  const devWallet = useContext(DevWalletContext);
  const [listed, setListed] = useState<Listed>({ state: "loading" });
  const [round, setRound] = useState(0);
  const address = payer?.address ?? null;
  // The latest read wins: an older one that ends later (another account, an earlier round) is
  // dropped by its number, without a cleanup that could drop the latest too.
  const latest = useRef(0);
  useEffect(() => {
    if (address === null) return;
    latest.current += 1;
    const asked = latest.current;
    loadPayments(address)
      .catch(() => ({ state: "failed" as const, message: "The payments could not be read" }))
      .then((next) => {
        if (latest.current === asked) setListed(next);
      });
  }, [address, round]);
  if (payer === null) {
    return (
      <section>
        <PageTitle title="My payments" />
        <p>Connect a wallet above to see the payments its account made.</p>
      </section>
    );
  }
  const changed = () => {
    setRound(round + 1);
    devWallet.refresh();
  };
  return (
    <section>
      <PageTitle title="My payments" busy={listed.state === "loading"} />
      <p class="meta">
        Payments made by <span class="address">{payer.address}</span> ({payer.label}), newest first.
      </p>
      <button type="button" class="secondary" onClick={() => setRound(round + 1)}>
        Read them again
      </button>
      <ProblemLine message={listed.state === "failed" ? listed.message : null} />
      {listed.state === "done" && listed.payments.length === 0 && (
        <p>This account has made no payment yet. Pay for a run from a process's page.</p>
      )}
      {listed.state === "done" &&
        listed.payments.map((payment) => (
          <PaymentCard
            payment={payment}
            now={listed.now}
            signer={payer}
            moduleAddress={listed.moduleAddress}
            changed={changed}
          />
        ))}
      {listed.state === "done" && listed.truncated && (
        <p>Only the payments among this account's first 1,000 transactions are shown.</p>
      )}
    </section>
  );
}
