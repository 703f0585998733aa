import { type Context, Hono } from "hono";
import { consoleScript, consoleStyle } from "../console/console-bundle.js";
import {
  CONSOLE_CSP,
  CONSOLE_PATH,
  CONSOLE_SCRIPT_PATH,
  CONSOLE_STYLE_PATH,
  consolePageHtml,
} from "../console/console-page.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { consoleDevWalletRoutes } from "./console-dev-wallet.js";

/**
 * The console (docs/console.md): `/` leads to it; the page, its script and its stylesheet, each
 * under the same Content-Security-Policy. Hidden from the OpenAPI document, like /docs. Revalidated
 * on every load (`no-cache`), so a deploy shows at once.
 */
function asset(body: string, contentType: string) {
  return (c: Context<GatewayApp>) =>
    c.body(body, 200, {
      "content-type": contentType,
      "content-security-policy": CONSOLE_CSP,
      "x-content-type-options": "nosniff",
      "cache-control": "no-cache",
    });
}

export const consoleRoutes = new Hono<GatewayApp>()
  .get("/", (c) => c.redirect(CONSOLE_PATH, 302))
  .get(CONSOLE_PATH, asset(consolePageHtml, "text/html; charset=utf-8"))
  .get(CONSOLE_SCRIPT_PATH, asset(consoleScript, "text/javascript; charset=utf-8"))
  .get(CONSOLE_STYLE_PATH, asset(consoleStyle, "text/css; charset=utf-8"))
  .route("/", consoleDevWalletRoutes);
