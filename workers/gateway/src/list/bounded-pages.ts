/**
 * How many ledger pages one request may read for one sync of the read model (docs/gateway.md,
 * "List"): a first sync on a real network would otherwise page through every process, or every
 * payment event, in one request, past the subrequests and the time a request has. A sync that
 * stops at the bound has stored how far it got and says it is behind: the next request goes on.
 */
export const SYNC_PAGES_MAX = 5;

/** Where a sync stands after one request: done up to the ledger's head, or behind it. */
export type SyncProgress = "caught_up" | "behind";

/**
 * Reads pages until one is the last or `maxPages` were read. `page` reads and stores one page
 * (with its cursor, so a stop anywhere resumes there) and says whether more follow.
 */
export async function readBoundedPages(args: {
  maxPages: number;
  page: () => Promise<{ more: boolean }>;
}): Promise<SyncProgress> {
  for (let read = 0; read < args.maxPages; read++) {
    const { more } = await args.page();
    if (!more) return "caught_up";
  }
  return "behind";
}
