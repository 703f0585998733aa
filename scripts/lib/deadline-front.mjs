// A small node:http front before a workerd socket of the local stack, for the two things workerd
// has no setting for (issue 13, door 10): a request whose head or body stalls is answered 408 and
// its connection closed after a deadline, and an answer sent before the request's body was fully
// received says `Connection: close` (workerd drops such a connection after its answer without
// saying so, and the client's next request on it fails). Requests that Node's parser refuses get a
// JSON 4xx the way the Workers answer bad input. Everything else passes through as sent: method,
// path, headers and body are streamed, not buffered. docs/benchmarks.md has what it costs.
import { Agent, createServer, request as upstreamRequest } from "node:http";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

const jsonError = (code, error) =>
  JSON.stringify({ success: false, error, code, timestamp: new Date().toISOString() });

/** Header pairs of rawHeaders less the hop-by-hop ones, as a flat list for writeHead/request. */
function endToEnd(rawHeaders) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return out;
}

function answer(res, status, code, error) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = jsonError(code, error);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
}

/** The raw answer for a request Node's parser refused, or that never finished its head. */
function clientErrorAnswer(error) {
  const [status, code, text] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headers_too_large", "Request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", "The request was not received in time"]
        : [400, "bad_request", "Malformed HTTP request"];
  const body = jsonError(code, text);
  return (
    `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Listens on host:port and forwards to the workerd socket at target ({host, port}). The request
 * (head and body) must arrive within requestTimeoutMs of its start. Resolves with {origin, close}.
 */
export async function startDeadlineFront({
  host = "127.0.0.1",
  port = 0,
  target,
  requestTimeoutMs = 10_000,
}) {
  // Idle upstream connections are dropped before workerd's own idle limit (5 s) would drop them.
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64, timeout: 3_000 });
  const server = createServer(
    {
      // Node's own checks cover a head that never completes; the body deadline is ours below.
      headersTimeout: requestTimeoutMs,
      requestTimeout: 0,
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      const hasBody =
        req.headers["transfer-encoding"] !== undefined ||
        (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");
      let done = false;
      let upstream;
      const deadline = setTimeout(() => {
        if (req.complete) return;
        upstream?.destroy();
        answer(res, 408, "request_timeout", "The request body was not received in time");
        res.once("finish", () => req.socket.end());
      }, requestTimeoutMs);
      res.once("close", () => {
        done = true;
        clearTimeout(deadline);
      });
      req.once("close", () => {
        // The client went away mid-upload: the Worker's read of the body fails at once.
        if (!req.complete) upstream?.destroy();
      });
      const forward = (retried) => {
        upstream = upstreamRequest({
          // workerd may drop a connection after answering without reading a body: a request
          // with a body gets a connection of its own, so nothing else lands on one closing.
          agent: hasBody ? false : agent,
          host: target.host,
          port: target.port,
          method: req.method,
          path: req.url,
          // Keeps the client's framing: a body with Content-Length goes on with it, else chunked.
          headers: endToEnd(req.rawHeaders),
        });
        upstream.once("response", (up) => {
          const headers = endToEnd(up.rawHeaders);
          // Answered before the whole body arrived: this connection ends after the answer.
          if (!req.complete) headers.push("Connection", "close");
          res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
          up.pipe(res);
          up.once("error", () => res.destroy());
        });
        upstream.once("error", (error) => {
          if (done || req.destroyed) return;
          // A kept-alive connection workerd had just closed: safe to send a bodiless request again.
          if (!retried && !hasBody && upstream.reusedSocket && error.code === "ECONNRESET") {
            forward(true);
            return;
          }
          answer(res, 503, "upstream_unavailable", "The Worker did not answer");
        });
        if (hasBody) req.pipe(upstream);
        else upstream.end();
      };
      forward(false);
    },
  );
  server.on("clientError", (error, socket) => {
    if (socket.writable && !socket.destroyed) socket.end(clientErrorAnswer(error));
    else socket.destroy();
  });
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done(undefined));
  });
  const address = server.address();
  const origin = `http://${host}:${typeof address === "object" && address ? address.port : port}`;
  const close = async () => {
    server.closeAllConnections?.();
    await new Promise((done) => server.close(() => done(undefined)));
    agent.destroy();
  };
  return { origin, close };
}
