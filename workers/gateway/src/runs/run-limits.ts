/**
 * The numbers of a run's life (docs/gateway.md, "The run object"): how long it is kept once
 * ended, and how much of its event log is kept.
 */

/** A run's record, result and events are deleted this long after it ends. */
export const RUN_KEEP_MS = 24 * 60 * 60 * 1000;

/** Events kept per run; past it, log and partial events are dropped and progress coalesced. */
export const RUN_MAX_EVENTS = 1_000;

/** Bytes of event data (the JSON of each RunEvent) kept per run, with the same rule. */
export const RUN_MAX_EVENT_BYTES = 2 * 1024 * 1024;

/** An open event stream with nothing to say sends a `: keep-alive` comment this often. */
export const RUN_KEEP_ALIVE_MS = 15_000;

/**
 * After a restart (the object lost its agent call), how long before the agent is asked again
 * for the run's answer while it says the run is still going.
 */
export const RUN_REASK_MS = 1_000;

/** The alarm that runs a run should its object go away before the start's own step began. */
export const RUN_START_GRACE_MS = 1_000;

/**
 * While the agent is called, the alarm comes back this often: it joins a live call, and after a
 * restart (the call gone with the object's memory) it asks the agent again well before the time
 * limit, so a run the agent finished is not failed for lack of asking.
 */
export const RUN_WATCH_MS = 10_000;

/**
 * Past the time limit, the agent is asked once more this long (it replays a stored answer at
 * once) before the run is ended failed: a run it finished ends as it finished.
 */
export const RUN_LAST_ASK_MS = 5_000;

/**
 * When a run's end could not tell the claims object and the outcome queue (a restart, a failed
 * call), the alarm tries again this long after.
 */
export const RUN_SETTLE_RETRY_MS = 30_000;

/** The longest log line and message kept from an agent's event (the agent runtime's own cap). */
export const RUN_MAX_LINE_CHARS = 2_048;
