import { useEffect, useState } from "hono/jsx/dom";
import { BrowserWalletContext, useBrowserWallets } from "./browser-wallet-state.js";
import { BrowserWalletsPanel } from "./browser-wallets-panel.js";
import { DevWalletPanel } from "./dev-wallet-panel.js";
import { DevWalletContext, useDevWallet } from "./dev-wallet-state.js";
import { ExplorePage } from "./explore-page.js";
import { OwnerPage } from "./owner-page.js";
import { Problem } from "./page-parts.js";
import { PaymentsPage } from "./payments-page.js";
import { ProcessPage } from "./process-page.js";
import { href, type Route, routeOf } from "./route.js";
import { RunPage } from "./run-page.js";

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case "explore":
      return <ExplorePage />;
    case "process":
      return <ProcessPage processId={route.processId} />;
    case "run":
      return <RunPage transactionId={route.transactionId} />;
    case "payments":
      return <PaymentsPage />;
    case "owner":
      return <OwnerPage />;
    case "missing":
      return <Problem title="Not found" message="There is no such page in the console." />;
  }
}

/**
 * The console (docs/console.md): a header, the development wallet on the local devnode, the page
 * the URL's fragment names, and a footer.
 */
export function App() {
  const [route, setRoute] = useState<Route>(routeOf(location.hash));
  const wallet = useDevWallet();
  const browserWallets = useBrowserWallets();
  useEffect(() => {
    const follow = () => setRoute(routeOf(location.hash));
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  return (
    <DevWalletContext.Provider value={wallet}>
      <BrowserWalletContext.Provider value={browserWallets}>
        {/* The fragment names pages, so the skip link moves focus itself. */}
        <a
          class="skip"
          href={location.hash || href.explore()}
          onClick={(event: Event) => {
            event.preventDefault();
            document.getElementById("main")?.focus();
          }}
        >
          Skip to the page
        </a>
        <header>
          <nav aria-label="Console">
            <a href={href.explore()} class="brand">
              agentgate
            </a>
            <a href={href.explore()}>Explore</a>
            <a href={href.owner()}>My processes</a>
            <a href={href.payments()}>My payments</a>
            <a href="/docs">API reference</a>
          </nav>
        </header>
        <div class="wallets">
          <BrowserWalletsPanel />
          <DevWalletPanel />
        </div>
        <main id="main" tabIndex={-1}>
          <Page route={route} />
        </main>
        <footer>
          <p>
            Browse, pay for and run processes, follow your own, and settle your payments with a
            browser wallet or, on the local devnode, the development wallet.
          </p>
        </footer>
      </BrowserWalletContext.Provider>
    </DevWalletContext.Provider>
  );
}
