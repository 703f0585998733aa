import type { z } from "zod";
import { PAYMENT_REQUIRED_HEADER, PAYMENT_RESPONSE_HEADER } from "#shared/x402/transport";

/** Answer headers a route must declare for the status that carries them (docs/x402.md). */
const DECLARED_HEADERS = [PAYMENT_REQUIRED_HEADER, PAYMENT_RESPONSE_HEADER];

/** What a route declares it answers: per status, the JSON body's schema. */
export type DeclaredRoute = {
  method: string;
  pattern: RegExp;
  path: string;
  responses: Record<
    string,
    { content?: Record<string, { schema?: unknown }>; headers?: { shape?: object } }
  >;
};

type RegistryRoute = {
  method: string;
  path: string;
  responses: DeclaredRoute["responses"];
};

/** Every route an OpenAPIHono app declared (hidden routes such as /docs are not listed). */
export function declaredRoutes(app: {
  openAPIRegistry: { definitions: readonly { type: string; route?: unknown }[] };
}) {
  const routes: DeclaredRoute[] = [];
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route") continue;
    const route = def.route as RegistryRoute;
    const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    routes.push({
      method: route.method.toUpperCase(),
      pattern,
      path: route.path,
      responses: route.responses,
    });
  }
  return routes;
}

/**
 * Fails unless `response` is one its route declares: the status is listed, the x402 headers it
 * carries are declared for that status, and the JSON body parses with that status's schema. Requests no declared route matches (unknown paths, the
 * docs pages) are not checked.
 */
export async function checkDeclaredAnswer(
  routes: readonly DeclaredRoute[],
  request: { method: string; url: string },
  response: Response,
): Promise<void> {
  const path = new URL(request.url).pathname;
  const route = routes.find(
    (r) => r.method === request.method.toUpperCase() && r.pattern.test(path),
  );
  if (route === undefined) return;
  const where = `${route.method} ${route.path} answered ${response.status}`;
  const declared = route.responses[String(response.status)];
  if (declared === undefined) {
    throw new Error(`${where}, a status the route does not declare`);
  }
  const declaredHeaders = Object.keys(declared.headers?.shape ?? {}).map((h) => h.toLowerCase());
  for (const header of DECLARED_HEADERS) {
    if (response.headers.has(header) && !declaredHeaders.includes(header.toLowerCase())) {
      throw new Error(`${where} with a ${header} header the route does not declare for it`);
    }
  }
  // A route declaring both JSON and an event stream (A2A's streaming methods) is checked by the
  // media type it answered with.
  const streamed = response.headers.get("content-type")?.startsWith("text/event-stream") === true;
  if (streamed && declared.content?.["text/event-stream"] !== undefined) return;
  const schema = declared.content?.["application/json"]?.schema as z.ZodType | undefined;
  if (schema === undefined) return;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join(".")}: ${i.message}`)
      .join("; ");
    throw new Error(`${where} with a body its declared schema refuses: ${issues}`);
  }
}
