import { DurableObject } from "cloudflare:workers";

/**
 * The hostile agent's memory: how many requests reached it, per base path and route. One object
 * for the whole test pool, so tests can tell "the gateway asked again" from "it used its cache".
 */
export class RequestCounterObject extends DurableObject {
  async record(args: { base: string; route: string }): Promise<void> {
    const key = `${args.base}\n${args.route}`;
    const count = (await this.ctx.storage.get<number>(key)) ?? 0;
    await this.ctx.storage.put(key, count + 1);
  }

  /** Requests per route (`info`, `execute`, `logs`) that reached one base path. */
  async countsOf(base: string): Promise<Record<string, number>> {
    const stored = await this.ctx.storage.list<number>({ prefix: `${base}\n` });
    return Object.fromEntries(
      [...stored].map(([key, count]) => [key.slice(base.length + 1), count]),
    );
  }

  /** The transactionId of the last /execute a base path received (a run whose client left). */
  async recordTransaction(args: { base: string; transactionId: string }): Promise<void> {
    await this.ctx.storage.put(`last-transaction\n${args.base}`, args.transactionId);
  }

  async lastTransaction(base: string): Promise<string | null> {
    return (await this.ctx.storage.get<string>(`last-transaction\n${base}`)) ?? null;
  }
}
