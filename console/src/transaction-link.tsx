import { useEffect, useState } from "hono/jsx/dom";
import { consoleSettings } from "./wallet-api.js";

/**
 * A transaction's hash as a link to where it can be read (docs/console.md, "Wallet"): the
 * explorer on a named network, the node's own answer on the local devnode, as the gateway's
 * settings say. Until they are read, the hash alone.
 */
export function TransactionLink({ hash }: { hash: string }) {
  const [template, setTemplate] = useState<string | null>(null);
  useEffect(() => {
    consoleSettings().then((settings) => {
      if (settings.ok) setTemplate(settings.value.transactionUrl);
    });
  }, []);
  if (template === null) return <code class="address">{hash}</code>;
  return (
    <a class="address" href={template.replace("{hash}", encodeURIComponent(hash))}>
      {hash}
    </a>
  );
}
