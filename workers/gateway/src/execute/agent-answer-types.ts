import type { AppError } from "#shared/errors/app-error";

/** What the gateway reads of one agent route: at most `maxBytes`, all within `deadlineMs`. */
export type AgentAnswerLimit = {
  /** The route as messages name it: `/info`, `/execute`, `/logs`. */
  route: string;
  /** Bytes of the body as read, after any Content-Encoding is undone. */
  maxBytes: number;
  /** From the request's start to the body's last byte: a slow drip is cut like no answer. */
  deadlineMs: number;
};

/**
 * An agent's answer: its status, and its body as JSON, or undefined when the body is not JSON or
 * not labelled as JSON (then it is not read at all).
 */
export type AgentAnswer = { ok: true; status: number; json: unknown };

/**
 * Why no answer could be read: `unreachable` (the request or the body's stream failed),
 * `deadline` (no whole answer within the limit's deadline), `too_large` (Content-Length or the
 * bytes read went past the limit's cap). `error` is what a route answers (502, naming the limit).
 */
export type AgentReadFailure = {
  ok: false;
  reason: "unreachable" | "deadline" | "too_large";
  error: AppError & { message: string };
};
