import { Hono } from "hono";
import { cors } from "hono/cors";

export { DevnodeObject } from "./devnode-object";

/** Every request goes to the one devnode instance; CORS is answered here, preflight included. */
const app = new Hono<{ Bindings: LedgerEnv }>();

app.use(
  "*",
  cors({
    // Browser builds of the SDK send credentials, so the origin is echoed rather than "*".
    origin: (origin) => origin || "*",
    credentials: true,
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: [
      "content-type",
      "x-aptos-client",
      "x-aptos-typescript-sdk-origin-method",
      "authorization",
    ],
    maxAge: 86_400,
  }),
);

app.all("*", async (c) => {
  const stub = c.env.DEVNODE.get(c.env.DEVNODE.idFromName("devnode"));
  const response = await stub.fetch(c.req.raw);
  // A copy with mutable headers, so the CORS middleware can add its own.
  return new Response(response.body, response);
});

export default app;
