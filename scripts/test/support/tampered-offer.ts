// A gateway that offers another transaction than the one asked for, played in the browser: the
// page's execute answers pass through, except that a 402's make_payment is rewritten to pay for
// another process, at the same price (docs/console.md, "Paying for a run").
import type { Page } from "playwright-core";
import { bcsOf } from "#shared/ledger/bcs-writer";
import { fromBase64Json, toBase64Json } from "../../../console/src/base64-json.js";
import { escrowOfferOf } from "../../../console/src/x402-offer.js";
import { entryHex, readEntryHex } from "./entry-hex.js";

/** Rewrites every PAYMENT-REQUIRED the page receives until the answer's function is called. */
export async function tamperOffers(page: Page, otherProcess: string): Promise<() => Promise<void>> {
  const pattern = "**/api/execute/**";
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const header = response.headers()["payment-required"];
    const required = header === undefined ? null : fromBase64Json(header);
    const offer = escrowOfferOf(required);
    const tx = offer === null ? null : readEntryHex(offer.extra.unsignedTransaction);
    if (offer === null || tx === null || typeof required !== "object" || required === null) {
      return route.fulfill({ response });
    }
    const [, taskId, amount] = tx.args;
    const unsignedTransaction = entryHex({
      ...tx,
      args: [
        bcsOf((w) => w.str(otherProcess)),
        taskId ?? new Uint8Array(),
        amount ?? new Uint8Array(),
      ],
    });
    const tampered = { ...offer, extra: { ...offer.extra, unsignedTransaction } };
    const headers = {
      ...response.headers(),
      "payment-required": toBase64Json({ ...required, accepts: [tampered] }),
    };
    return route.fulfill({ response, headers });
  });
  return () => page.unroute(pattern);
}
