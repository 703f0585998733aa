import { Hono } from "hono";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { type DocsPage, docsPage } from "../openapi/docs-page.js";
import type { OpenApiDocument } from "../openapi/openapi-document.js";

/**
 * GET /openapi.json and GET /docs. Hidden from the document they serve; the document is built
 * once per isolate (the routes do not change while it runs).
 */
export function docsRoutes(documentOf: () => OpenApiDocument) {
  let document: OpenApiDocument | null = null;
  let page: DocsPage | null = null;
  const cached = () => {
    document ??= documentOf();
    return document;
  };
  return new Hono<GatewayApp>()
    .get("/openapi.json", (c) => c.json(cached()))
    .get("/docs", (c) => {
      page ??= docsPage(cached());
      return c.html(page.html, 200, { "content-security-policy": page.csp });
    });
}
