import { formatSSEErrorEvent, formatSSEEvent, SSE_HEADERS } from "@a2a-js/sdk";

/**
 * A streaming A2A method's answer (docs/gateway.md, "A2A"): its first event is awaited before
 * anything is sent, so an error before the stream starts is the binding's plain error answer
 * (`before`); then one Server-Sent Event per item, and an error mid-stream as an `error` event.
 * A client that goes away stops the reading, never the run.
 */
export async function sseResponse<T>(args: {
  events: AsyncGenerator<T>;
  /** The wire form of one event. */
  encode: (event: T) => unknown;
  /** The wire form of an error. */
  errorOf: (error: unknown) => unknown;
  /** The answer to an error before the first event. */
  before: (error: unknown) => Response;
}): Promise<Response> {
  const { events, encode, errorOf } = args;
  let first: IteratorResult<T>;
  try {
    first = await events.next();
  } catch (error) {
    return args.before(error);
  }
  const encoder = new TextEncoder();
  // A client that left: nothing more is written (its controller is closed), and the reading
  // stops at the run's next event, bounded by the run's own limits (runs/run-limits.ts).
  let left = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!left) controller.enqueue(encoder.encode(text));
      };
      try {
        if (!first.done) send(formatSSEEvent(encode(first.value)));
        for await (const event of events) {
          if (left) break;
          send(formatSSEEvent(encode(event)));
        }
      } catch (error) {
        send(formatSSEErrorEvent(errorOf(error)));
      }
      if (!left) controller.close();
    },
    cancel() {
      left = true;
      void events.return(undefined).catch(() => undefined);
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
