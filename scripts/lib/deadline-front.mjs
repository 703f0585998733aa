// A small node:http front before a workerd socket of the local stack, for the two things workerd
// has no setting for (issue 13, door 10): a request whose head or body stalls is answered 408
// (`Connection: close`) and its connection closed after a deadline; and an answer given before the
// request's body was read goes out once the rest of the body is read and dropped, on a connection
// that stays usable (workerd drops such a connection after its answer without saying so, and the
// client's next request on it fails, or the reset loses the answer). Requests that Node's parser refuses get a
// JSON 4xx the way the Worker behind answers bad input (the gateway's error body by default, the
// Aptos node's before the devnode: errorBody), with no body when the request was a HEAD.
// Everything else passes through as sent: method, path, headers and body are streamed, not
// buffered. docs/benchmarks.md has what it costs.
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

/** What workerd reads and drops after an answer given before the body (kj's grace bytes). */
const SMALL_BODY_BYTES = 64 * 1024;

/** The gateway's and the agents' error body (docs/gateway.md, "Errors"). */
function gatewayErrorBody({ code, message }) {
  return JSON.stringify({
    success: false,
    error: message,
    code,
    timestamp: new Date().toISOString(),
  });
}

/** Header pairs of rawHeaders less the hop-by-hop ones, as a flat list for writeHead/request. */
function endToEnd(rawHeaders) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return out;
}

/** A target workerd can read: a path (`/...`) or an absolute http(s) URL (RFC 9112 §3.2). */
function isOriginOrAbsoluteForm(target = "") {
  return target.startsWith("/") || /^https?:\/\//i.test(target);
}

/** The path of a request target, or "" when it is not a URL. */
function pathOf(target = "/") {
  try {
    return new URL(target, "http://front").pathname;
  } catch {
    return "";
  }
}

function answer(res, errorBody, status, code, message) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = errorBody({ status, code, message });
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
}

/** True when the bytes Node's parser refused are a HEAD request's (its answer has no body). */
function isHead(rawPacket) {
  return Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString("latin1") === "HEAD ";
}

/**
 * The raw answer for a request Node's parser refused, or that never finished its head. The
 * connection closes after it (the parser cannot find the next request); a HEAD's answer carries
 * no body, which its client would read as the start of a next answer (HPE_CLOSED_CONNECTION).
 */
function clientErrorAnswer(error, errorBody) {
  const [status, code, text] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headers_too_large", "Request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", "The request was not received in time"]
        : [400, "bad_request", "Malformed HTTP request"];
  const head = `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"}\r\nContent-Type: application/json\r\n`;
  if (isHead(error.rawPacket)) return `${head}Connection: close\r\n\r\n`;
  const body = errorBody({ status, code, message: text });
  return `${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Listens on host:port and forwards to the workerd socket at target ({host, port}). The request
 * (head and body) must arrive within requestTimeoutMs of its start. With `paths` (a set of URL
 * paths), only those are forwarded and every other path is answered 404 here (the devnode's
 * faucet port serves its faucet routes only). `errorBody({status, code, message})` writes the
 * front's own refusals in the shape of the Worker behind it (gatewayErrorBody by default).
 * Resolves with {origin, close}.
 */
export async function startDeadlineFront({
  host = "127.0.0.1",
  port = 0,
  target,
  requestTimeoutMs = 10_000,
  paths,
  errorBody = gatewayErrorBody,
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
      let answered = false;
      /** An answer that came before the whole body did: sent once the body is in. */
      let held;
      const sendHeld = (close) => {
        const { status, message, headers, body } = held;
        if (close) headers.push("Connection", "close");
        res.writeHead(status, message, headers);
        res.end(body);
      };
      const deadline = setTimeout(() => {
        if (req.complete) return;
        upstream?.destroy();
        // The body has not come in time: this connection cannot carry another request, so it
        // ends here, with the Worker's answer when it gave one before the body was read.
        if (held && !res.headersSent) sendHeld(true);
        else {
          answer(
            res,
            errorBody,
            408,
            "request_timeout",
            "The request body was not received in time",
          );
        }
      }, requestTimeoutMs);
      res.once("close", () => {
        done = true;
        clearTimeout(deadline);
      });
      req.once("close", () => {
        // The client went away mid-upload: the Worker's read of the body fails at once.
        if (!req.complete) upstream?.destroy();
      });
      /**
       * Answered before the whole body arrived (a 413 on Content-Length, a 404): the rest of the
       * body is read and dropped first, then the answer goes. Sent at once, the close that
       * follows would reset the connection under a client still sending, losing the answer.
       */
      const holdUntilBodyIn = (status, message, headers, body) => {
        held = { status, message, headers, body };
        if (req.complete) {
          sendHeld(false);
          return;
        }
        if (upstream) req.unpipe(upstream);
        req.resume();
        req.once("end", () => {
          if (!res.headersSent) sendHeld(false);
        });
      };
      /**
       * workerd dropped the connection without reading the body (a size limit, or a route that
       * takes none), and the answer it sent, if any, was lost in the reset.
       */
      const refused = () => {
        if (held || res.headersSent) return;
        const body = errorBody({
          status: 413,
          code: "body_refused",
          message:
            "The request body was refused before it was read (too large, or not taken by this route)",
        });
        holdUntilBodyIn(
          413,
          "Payload Too Large",
          ["Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(body))],
          body,
        );
      };
      const forward = (retried) => {
        const whole = hasBody && req.complete;
        upstream = upstreamRequest({
          // workerd drops a connection after answering without reading a body: a request with
          // a body gets a connection of its own, so nothing else lands on one closing.
          agent: hasBody ? false : agent,
          host: target.host,
          port: target.port,
          method: req.method,
          path: req.url,
          // A body read whole goes with its length; one still arriving keeps the client's
          // framing (Content-Length, else chunked).
          headers: whole
            ? [
                ...endToEnd(req.rawHeaders).filter(
                  (_, i, all) => all[i - (i % 2)].toLowerCase() !== "content-length",
                ),
                "Content-Length",
                String(earlyBytes),
              ]
            : endToEnd(req.rawHeaders),
        });
        upstream.once("response", (up) => {
          answered = true;
          const headers = endToEnd(up.rawHeaders);
          if (req.complete) {
            res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
            up.pipe(res);
            up.once("error", () => res.destroy());
            return;
          }
          // An answer before the body is an error answer: small, so it is kept in memory.
          const chunks = [];
          let size = 0;
          up.on("data", (chunk) => {
            size += chunk.length;
            if (size > 1024 * 1024) up.destroy();
            else chunks.push(chunk);
          });
          up.once("end", () =>
            holdUntilBodyIn(up.statusCode ?? 502, up.statusMessage, headers, Buffer.concat(chunks)),
          );
          // The reset that follows such an answer can cut it short.
          up.once("error", refused);
          up.once("aborted", refused);
        });
        upstream.once("error", (error) => {
          if (done || res.headersSent || answered) return;
          // A kept-alive connection workerd had just closed: safe to send a bodiless request again.
          if (!retried && !hasBody && upstream.reusedSocket && error.code === "ECONNRESET") {
            forward(true);
            return;
          }
          if (hasBody) {
            refused();
            return;
          }
          answer(res, errorBody, 503, "upstream_unavailable", "The Worker did not answer");
        });
        if (!hasBody) {
          upstream.end();
          return;
        }
        // A body that fits one read of workerd's goes in one write with the head, so workerd
        // has all of it even when the Worker answers without reading it (it then reads and
        // drops up to 64 KiB; with the body still arriving it resets, and the answer is lost).
        for (const chunk of early) upstream.write(chunk);
        if (req.complete) upstream.end();
        else req.pipe(upstream);
      };
      // Collects the start of the body before the Worker is called (see forward).
      const early = [];
      let earlyBytes = 0;
      const collect = (chunk) => {
        early.push(chunk);
        earlyBytes += chunk.length;
        if (earlyBytes > SMALL_BODY_BYTES) start();
      };
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        req.off("data", collect);
        req.off("end", start);
        req.pause();
        forward(false);
      };
      const refuse = (status, message, code, text) => {
        const body = errorBody({ status, code, message: text });
        holdUntilBodyIn(
          status,
          message,
          ["Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(body))],
          body,
        );
      };
      if (!isOriginOrAbsoluteForm(req.url)) {
        // `OPTIONS *` and other targets workerd cannot parse as a URL: it answered them 500.
        refuse(400, "Bad Request", "bad_request", "The request target is not a path");
      } else if (paths && !paths.has(pathOf(req.url))) {
        refuse(404, "Not Found", "not_found", `Not found on this port: ${[...paths].join(", ")}`);
      } else if (!hasBody) start();
      else {
        req.on("data", collect);
        req.once("end", start);
      }
    },
  );
  const answeredSockets = new WeakSet();
  server.on("clientError", (error, socket) => {
    // One answer per connection: the parser may report more errors on the bytes that follow.
    if (answeredSockets.has(socket)) return;
    answeredSockets.add(socket);
    if (!socket.writable || socket.destroyed) {
      socket.destroy();
      return;
    }
    // Answer, then read and drop what the client still sends for a moment before closing:
    // closing with unread input makes the kernel reset the connection, losing the answer.
    socket.write(clientErrorAnswer(error, errorBody));
    socket.on("error", () => undefined);
    socket.on("data", () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), 2_000).unref();
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
