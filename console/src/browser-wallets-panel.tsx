import { useContext } from "hono/jsx/dom";
import { BrowserWalletContext } from "./browser-wallet-state.js";
import { ProblemLine } from "./page-parts.js";

/**
 * The AIP-62 wallets found in this browser (docs/console.md, "Browser wallets"), each one
 * button; once one is connected, its account and a way to stop using it here. The wallet keeps
 * its keys: the console hands it transactions it has checked, never a key.
 */
export function BrowserWalletsPanel() {
  const browser = useContext(BrowserWalletContext);
  return (
    <aside class="wallet browser-wallets" aria-labelledby="browser-wallets-title">
      <h2 id="browser-wallets-title">Browser wallets</h2>
      {browser.connected !== null ? (
        <>
          <dl class="details">
            <dt>Connected</dt>
            <dd>{browser.connected.label}</dd>
            <dt>Address</dt>
            <dd class="address">{browser.connected.address}</dd>
          </dl>
          <button type="button" class="secondary" onClick={browser.disconnect}>
            Stop using {browser.connected.label}
          </button>
        </>
      ) : browser.wallets.length === 0 ? (
        <p>
          No Aptos wallet found in this browser. A wallet that follows the Aptos wallet standard
          (AIP-62), such as Petra, shows here once installed.
        </p>
      ) : (
        <ul class="wallet-list">
          {browser.wallets.map((wallet) => (
            <li>
              <button type="button" disabled={browser.busy} onClick={() => browser.connect(wallet)}>
                <img src={wallet.icon} alt="" width={20} height={20} /> Connect {wallet.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProblemLine message={browser.problem} />
    </aside>
  );
}
