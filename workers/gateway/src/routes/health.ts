import { Hono } from "hono";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { nowIso } from "../http/respond.js";

export const healthRoutes = new Hono<GatewayApp>().get("/health", (c) =>
  c.json({ success: true as const, status: "ok", timestamp: nowIso() }),
);
