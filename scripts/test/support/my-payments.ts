// My payments as the browser tests drive it (docs/console.md, "My payments"): open it from the
// navigation and wait for the account's one payment, in escrow; release it and wait for the
// ledger's answer.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Opens My payments; its one payment, once listed in escrow. */
export async function openMyPayments(page: Page): Promise<Locator> {
  await page.getByRole("navigation").getByRole("link", { name: "My payments" }).click();
  await expect.poll(() => page.locator("h1").innerText()).toBe("My payments");
  // The whole page's text on failure says why no payment shows.
  await expect
    .poll(() => page.locator("main").innerText(), { timeout: 20_000 })
    .toContain("In escrow");
  const payment = page.locator("article.payment");
  expect(await payment.count()).toBe(1);
  return payment;
}

/** Releases the payment from its card; the release's transaction hash once it is on the ledger. */
export async function releasePayment(payment: Locator): Promise<string> {
  await payment.getByRole("button", { name: "Release to the receiver" }).click();
  await expect
    .poll(() => payment.locator(".payment-status").innerText(), { timeout: 20_000 })
    .toBe("Released to the receiver");
  return payment.getByRole("status").locator("a").innerText();
}
