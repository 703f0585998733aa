import { useContext } from "hono/jsx/dom";
import { formatApt } from "#shared/schemas/apt-format";
import { DevWalletContext } from "./dev-wallet-state.js";

/**
 * The development wallet (docs/console.md, "Wallet"), shown on the local devnode only and
 * labelled as what it is: a key in this browser, test APT from the devnode's faucet.
 */
export function DevWalletPanel() {
  const wallet = useContext(DevWalletContext);
  if (!wallet.offered) return null;
  return (
    <aside class="wallet" aria-labelledby="wallet-title">
      <h2 id="wallet-title">Development wallet</h2>
      <p class="wallet-warning">
        For the local devnode only: its key is kept in this browser's storage, unprotected, and it
        holds test APT from the devnode's faucet. Never use it for real funds.
      </p>
      {wallet.account === null ? (
        <button type="button" onClick={wallet.connect}>
          Connect the development wallet
        </button>
      ) : (
        <>
          <dl class="details">
            <dt>Address</dt>
            <dd class="address">{wallet.account.address}</dd>
            <dt>Balance</dt>
            <dd>
              <span class="balance" role="status" aria-live="polite">
                {wallet.balance === null ? "Reading…" : formatApt(wallet.balance)}
              </span>
            </dd>
          </dl>
          <div class="wallet-actions">
            <button type="button" onClick={wallet.fund} disabled={wallet.busy === "funding"}>
              {wallet.busy === "funding" ? "Funding…" : "Fund 1 APT from the faucet"}
            </button>
            <button type="button" class="secondary" onClick={wallet.forget}>
              Forget this wallet
            </button>
          </div>
        </>
      )}
      {wallet.problem !== null && (
        <p class="problem" role="alert">
          {wallet.problem}
        </p>
      )}
    </aside>
  );
}
