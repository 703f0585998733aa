// A2A at the gateway (issue 22), from one run of bench/gateway/run.mjs: a free process's blocking
// `SendMessage` over JSON-RPC (POST /a2a/:processId, A2A-Version 1.0) against the plain blocking
// execute of the same data, alternating run by run, one at a time. A blocking SendMessage's free
// run runs in its request, as the execute's does, and its task is kept in its run object after
// the answer (docs/gateway.md, "Which runs have a run object"): after each answer, untimed, the
// task is read with GetTask and its token, which checks it was kept and lets the keep finish
// before the next timed request, so its work is not counted in the execute that follows. That
// read's own time is shown apart.

import { percentile } from "../percentile.mjs";

export async function a2aSendFigures(args) {
  const { gateway, runs, processId, user } = args;
  const userAddress = user.accountAddress.toStringLong();
  let calls = 0;
  const a2aUrl = `https://gateway.bench/a2a/${processId}`;
  const a2aHeaders = { "content-type": "application/json", "a2a-version": "1.0" };
  const timed = async (url, headers, body, ok) => {
    const started = performance.now();
    const res = await gateway.fetch(url, { method: "POST", headers, body });
    const text = await res.text();
    if (!ok(res, text)) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - started, text };
  };
  const execute = () =>
    timed(
      `https://gateway.bench/api/execute/${processId}`,
      { "content-type": "application/json" },
      JSON.stringify({ userAddress, data: { n: calls++ } }),
      (res) => res.status === 200,
    ).then(({ ms }) => ms);
  const completed = (res, text) => res.status === 200 && text.includes("TASK_STATE_COMPLETED");
  const sendMessage = async () => {
    const sent = await timed(
      a2aUrl,
      a2aHeaders,
      JSON.stringify({
        jsonrpc: "2.0",
        id: calls,
        method: "SendMessage",
        params: {
          message: { messageId: `m${calls}`, role: "ROLE_USER", parts: [{ data: { n: calls++ } }] },
        },
      }),
      completed,
    );
    const { task } = JSON.parse(sent.text).result;
    const token = task.metadata["agentgate/accessToken"];
    const read = await timed(
      a2aUrl,
      { ...a2aHeaders, authorization: `Bearer ${token}` },
      JSON.stringify({ jsonrpc: "2.0", id: calls++, method: "GetTask", params: { id: task.id } }),
      completed,
    );
    return { send: sent.ms, read: read.ms };
  };
  await execute();
  await sendMessage();
  const times = { execute: [], a2a: [], read: [] };
  for (let i = 0; i < runs; i++) {
    times.execute.push(await execute());
    const { send, read } = await sendMessage();
    times.a2a.push(send);
    times.read.push(read);
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  return { runs, times };
}

export function printA2aSend(figures) {
  const { runs, times } = figures;
  const p = (list, q) => percentile(list, q).toFixed(1);
  console.log(`A2A SendMessage (blocking), free process, ${runs} runs each, alternating:`);
  console.log(
    `  blocking execute        p50 ${p(times.execute, 50)} ms   p95 ${p(times.execute, 95)} ms`,
  );
  console.log(`  A2A SendMessage         p50 ${p(times.a2a, 50)} ms   p95 ${p(times.a2a, 95)} ms`);
  console.log(
    `  then GetTask (untimed above) p50 ${p(times.read, 50)} ms   p95 ${p(times.read, 95)} ms`,
  );
  const ratio = percentile(times.a2a, 50) / percentile(times.execute, 50);
  console.log(`  A2A / execute at p50    ${ratio.toFixed(2)}x (target <= 1.3x)`);
}
