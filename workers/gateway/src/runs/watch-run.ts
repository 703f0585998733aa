/** The run object's side of GET /api/runs/:transactionId/events: its SSE stream. */
export type RunEventsSource = { fetch(request: Request): Promise<Response> };

/**
 * The run's event stream, once access is granted (docs/gateway.md, "Watching a run"). The run
 * object does not authenticate, so it is handed nothing but the position to resume after: never
 * the caller's Authorization or proof headers. Null when the run was deleted meanwhile.
 */
export async function watchRun(args: {
  run: RunEventsSource;
  url: string;
  /** The client's Last-Event-ID, already checked to be a sequence number. */
  lastEventId: string | undefined;
}): Promise<Response | null> {
  const headers = new Headers();
  if (args.lastEventId !== undefined) headers.set("last-event-id", args.lastEventId);
  const stream = await args.run.fetch(new Request(args.url, { headers }));
  if (stream.status === 404) {
    await stream.body?.cancel();
    return null;
  }
  if (stream.status !== 200) {
    await stream.body?.cancel();
    throw new Error(`the run object answered its event stream with ${stream.status}`);
  }
  return new Response(stream.body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      // Proxies that buffer would hold back the keep-alives and the events.
      "x-accel-buffering": "no",
    },
  });
}
