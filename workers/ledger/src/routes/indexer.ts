import { Hono } from "hono";
import type { NodeContext } from "../node/context.js";
import type { StoredEvent } from "../node/store.js";
import { readJson } from "./body.js";
import { type EventField, type EventsQuery, recognizeEventsQuery } from "./indexer-query.js";

/** Module events have no handle: the indexer keeps them under the zero address, number 0. */
const ZERO_ADDRESS = `0x${"0".repeat(64)}`;

function graphqlError(message: string): Response {
  return Response.json({ errors: [{ message }] }, { status: 400 });
}

/** An `events` row as the indexer's table has it, with only the selected columns. */
function eventRow(event: StoredEvent, fields: EventField[]): Record<string, unknown> {
  const row: Record<EventField, unknown> = {
    type: event.type,
    indexed_type: event.type,
    data: JSON.parse(event.data),
    transaction_version: event.version,
    event_index: event.eventIndex,
    account_address: ZERO_ADDRESS,
    creation_number: 0,
    sequence_number: 0,
    // The devnode commits one transaction a block.
    transaction_block_height: event.version,
  };
  return Object.fromEntries(fields.map((field) => [field, row[field]]));
}

function answerEvents(ctx: NodeContext, query: EventsQuery): Response {
  const events = ctx.store.eventsAfter(query);
  return Response.json({ data: { events: events.map((event) => eventRow(event, query.fields)) } });
}

/**
 * The indexer GraphQL subset under /v1/graphql: the processor status fundAccount polls (every
 * processor is up to date), and the package's module events (indexer-query.ts).
 */
export function indexerRoutes(ctx: NodeContext): Hono {
  const app = new Hono();
  app.post("/v1/graphql", async (c) => {
    const body = await readJson(c.req.raw);
    const fields = typeof body === "object" && body !== null ? body : {};
    const query = "query" in fields && typeof fields.query === "string" ? fields.query : "";
    if (!query.includes("processor_status")) {
      const recognized = recognizeEventsQuery({
        query,
        variables: "variables" in fields ? fields.variables : undefined,
      });
      return recognized.ok ? answerEvents(ctx, recognized.query) : graphqlError(recognized.message);
    }
    return c.json({
      data: {
        processor_status: [
          {
            last_success_version: Number(ctx.version),
            processor: "fungible_asset_processor",
            last_updated: new Date(Number(ctx.clock.nowMicros() / 1000n)).toISOString(),
          },
        ],
      },
    });
  });
  return app;
}
