/**
 * `Promise.all(items.map(fn))` with at most `limit` calls of `fn` in flight at once; the results
 * in the items' order. `fn` must not reject (return failures as values).
 */
export async function mapBounded<T, R>(args: {
  items: readonly T[];
  limit: number;
  fn: (item: T) => Promise<R>;
}): Promise<R[]> {
  const { items, fn } = args;
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T);
    }
  }
  const workers = Math.max(1, Math.min(args.limit, items.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  return results;
}
