/**
 * Work an A2A request leaves for after its answer (a blocking task's keep, runs/keep-ended.ts):
 * started, under the request's `waitUntil`, once the answer's body was written and closed, so
 * the client does not wait for it (started any earlier, the work ran on workerd's one thread
 * before the answer's bytes went out: docs/benchmarks.md, "A blocking SendMessage's free task in
 * its request"), and it is under way a client's round trip before the client can ask again.
 * The answer keeps its Content-Length (FixedLengthStream): the client has it whole at its last
 * byte, with no closing chunk after.
 */
export class AfterAnswer {
  private readonly queued: Array<() => Promise<unknown>> = [];

  constructor(private readonly ctx: Pick<ExecutionContext, "waitUntil">) {}

  add(work: () => Promise<unknown>): void {
    this.queued.push(work);
  }

  /** `response` as sent, with the queued work started as its body's last byte goes out. */
  async send(response: Response): Promise<Response> {
    if (this.queued.length === 0) return response;
    const start = () => {
      for (const work of this.queued.splice(0)) this.ctx.waitUntil(work());
    };
    if (response.body === null) {
      start();
      return response;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { readable, writable } = new FixedLengthStream(bytes.byteLength);
    const writer = writable.getWriter();
    // A client that hung up before the end holds no answer, so nothing is left for it.
    this.ctx.waitUntil(
      writer
        .write(bytes)
        .then(() => writer.close())
        .then(start, () => undefined),
    );
    return new Response(readable, response);
  }
}
