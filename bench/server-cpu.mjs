// CPU time used by the workerd processes this benchmark started (children of this process),
// read from /proc: a figure that holds even when other work shares the machine's cores.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** The pids of this process's workerd children (Miniflare starts one per instance); [] off Linux. */
export function childWorkerdPids() {
  if (process.platform !== "linux") return [];
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (comm.startsWith("workerd") && ppid === process.pid) pids.push(entry);
    } catch {
      // The process ended while the directory was being read.
    }
  }
  return pids;
}

/**
 * Milliseconds of user + system CPU used so far by the workerd processes `pids` (by default all of
 * this process's workerd children); null off Linux.
 */
export function serverCpuMs(pids = childWorkerdPids()) {
  if (process.platform !== "linux") return null;
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
