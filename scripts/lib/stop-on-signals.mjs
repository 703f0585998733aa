// The stack's servers run as child processes of `npm start`, which stops them with SIGTERM (and a
// terminal with SIGINT): each stops its server once, then exits.

/** Stops `server` on the first SIGINT or SIGTERM, then exits the process. */
export function stopOnSignals(server) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
