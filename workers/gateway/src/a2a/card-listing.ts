import { z } from "zod";
import type { IndexResult } from "../list/index-result.js";
import { cardUrlOf } from "./process-card.js";

/** One entry of the A2A listing: an active process and where its card is. */
export const a2aListingEntrySchema = z.object({
  processId: z.string(),
  name: z.string(),
  cardUrl: z.string(),
});

export const a2aListingSchema = z.object({
  success: z.literal(true),
  agents: z.array(a2aListingEntrySchema),
  nextCursor: z.string().optional(),
});

export type A2aListing = z.infer<typeof a2aListingSchema>;

/** The fields of a listed process the listing reads (the index stores the gateway's Process). */
const listedProcessSchema = z.object({ id: z.string(), name: z.string() });

/**
 * GET /a2a (docs/gateway.md, "A2A", "Cards"): every active process's card URL, one page of the
 * process index at a time, so one URL discovers them all.
 */
export async function a2aListing(args: {
  env: GatewayEnv;
  origin: string;
  cursor: string | undefined;
  limit: number;
}): Promise<IndexResult<A2aListing>> {
  const listed = await args.env.PROCESS_INDEX.getByName("registry").list({
    status: "active",
    cursor: args.cursor,
    limit: args.limit,
  });
  if (!listed.ok) return listed;
  const page = listed.value;
  const agents = page.bodies.flatMap((body) => {
    const listed = listedProcessSchema.safeParse(JSON.parse(body));
    if (!listed.success) return [];
    const { id, name } = listed.data;
    return [{ processId: id, name, cardUrl: cardUrlOf(args.origin, id) }];
  });
  const next = page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor };
  return { ok: true, value: { success: true, agents, ...next } };
}
