import { Hono } from "hono";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { docsPageHtml } from "../openapi/docs-page.js";
import { openApiDocument } from "../openapi/openapi-document.js";

// Built once per isolate: the schemas do not change while it runs.
let document: Record<string, unknown> | null = null;
let page: string | null = null;

function cachedDocument() {
  document ??= openApiDocument();
  return document;
}

export const docsRoutes = new Hono<GatewayApp>()
  .get("/openapi.json", (c) => c.json(cachedDocument()))
  .get("/docs", (c) => {
    page ??= docsPageHtml(cachedDocument());
    return c.html(page);
  });
