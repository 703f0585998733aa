// A lean keep-alive HTTP/1.1 client for loopback benchmarks: Node's fetch (undici) costs the
// client more CPU per request than the devnode spends answering, on a machine with 2 cores.
import http from "node:http";

export function httpClient(origin, maxSockets) {
  const url = new URL(origin);
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") {
    throw new Error(`benchmarks run on loopback only, not ${url.hostname}`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return function request(method, path, body, contentType) {
    return new Promise((resolve, reject) => {
      const headers =
        body === undefined ? {} : { "content-type": contentType, "content-length": body.length };
      const req = http.request(
        { host: url.hostname, port: url.port, path, method, agent, headers },
        (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  };
}
