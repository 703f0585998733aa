import {
  A2AError,
  ExtensionSupportRequiredError,
  RequestMalformedError,
  TaskNotCancelableError,
  TaskNotFoundError,
} from "@a2a-js/sdk/errors";
import type { AppError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";

/**
 * The one place an AppError becomes an A2A error (docs/gateway.md, "A2A", "Errors"): the SDK's
 * request handler interface throws, and its transports turn each class into the binding's code.
 * A task the credential does not open is not found: whether it exists is not told to a stranger.
 * The gateway's code travels in the error's metadata (`code`).
 */
export function a2aErrorOf(error: AppError): A2AError {
  const options = { message: errorMessage(error), metadata: { code: error.code } };
  switch (error.code) {
    case "run_not_found":
    case "run_token_required":
    case "run_access_denied":
    case "task_not_found":
      return new TaskNotFoundError(options);
    case "run_not_cancelable":
      return new TaskNotCancelableError(options);
    case "extension_required":
      return new ExtensionSupportRequiredError(options);
    case "validation_failed":
    case "invalid_json":
    case "unauthorized":
      return new RequestMalformedError(options);
    default:
      return new A2AError(options);
  }
}
