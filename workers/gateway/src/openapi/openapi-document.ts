import type { OpenAPIHono } from "@hono/zod-openapi";
import type { GatewayApp } from "../http/gateway-app-types.js";

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * OpenAPI 3.1, generated from the route definitions the gateway validates and answers with:
 * only schemas those routes reference are listed (docs/gateway.md, "The OpenAPI document").
 */
export function gatewayDocument(app: OpenAPIHono<GatewayApp>): OpenApiDocument {
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "agentgate gateway",
      version: "1.0.0",
      description:
        "Register, pay for and run agent processes. Every JSON body carries `success`. Bodies are capped at 1 MiB.",
    },
  });
}
