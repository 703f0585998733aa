import { z } from "zod";

export type MemoryUsage = { rss: number; heapTotal: number; heapUsed: number; external: number };

const byteCount = z.number().transform((n) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0));
const memoryUsageSchema = z.object({
  rss: byteCount,
  heapTotal: byteCount,
  heapUsed: byteCount,
  external: byteCount,
});

/**
 * What the runtime reports through `process.memoryUsage()` (nodejs_compat). workerd reports 0 for
 * all four, and so does this: no figure is estimated or invented.
 */
export function readMemoryUsage(): MemoryUsage {
  const runtimeProcess: unknown = Reflect.get(globalThis, "process");
  if (typeof runtimeProcess === "object" && runtimeProcess !== null) {
    const memoryUsage: unknown = Reflect.get(runtimeProcess, "memoryUsage");
    if (typeof memoryUsage === "function") {
      const parsed = memoryUsageSchema.safeParse(Reflect.apply(memoryUsage, runtimeProcess, []));
      if (parsed.success) return parsed.data;
    }
  }
  return { rss: 0, heapTotal: 0, heapUsed: 0, external: 0 };
}
