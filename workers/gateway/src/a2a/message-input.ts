import type { Message } from "@a2a-js/sdk";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import type { JsonObject } from "#shared/schemas/common";

/** What the process's input schema says of a text part (docs/gateway.md, "A2A", "Input"). */
export type TextInput = { field: string } | { refused: string };

/**
 * The one string field a text part fills: a schema of an object whose only property is a string.
 * Any other schema (none published, several fields, a non-string field) takes a data part only.
 */
export function textInputOf(inputSchema: JsonObject | null): TextInput {
  const properties = inputSchema?.properties;
  if (inputSchema?.type !== "object" || !isObject(properties)) {
    return {
      refused: "this process's input schema is not a single string field: send a data part",
    };
  }
  const names = Object.keys(properties);
  const only = names.length === 1 ? names[0] : undefined;
  const field = only === undefined ? undefined : properties[only];
  if (only === undefined || !isObject(field) || field.type !== "string") {
    return {
      refused: "this process's input schema is not a single string field: send a data part",
    };
  }
  return { field: only };
}

/**
 * The execute `data` a message carries: its one data part holding an object, or its text parts
 * joined into the single string field the schema has (`textInput`, asked only when there is
 * text). The data is checked against the schema by the admission step itself.
 */
export async function inputOfMessage(args: {
  message: Message;
  textInput: () => Promise<TextInput>;
}): Promise<Result<JsonObject>> {
  const { parts } = args.message;
  const data = parts.flatMap((part) =>
    part.content?.$case === "data" ? [part.content.value] : [],
  );
  const texts = parts.flatMap((part) =>
    part.content?.$case === "text" ? [part.content.value] : [],
  );
  if (data.length + texts.length !== parts.length) {
    return invalid("a message's parts must be one data part (the input object) or text parts");
  }
  if (data.length > 1 || (data.length === 1 && texts.length > 0)) {
    return invalid("send the process's input as one data part");
  }
  const [only] = data;
  if (only !== undefined) {
    return isObject(only) ? ok(only) : invalid("the data part must hold the input object");
  }
  if (texts.length === 0) return invalid("the message has no part: send a data part");
  const input = await args.textInput();
  if ("refused" in input) return invalid(input.refused);
  return ok({ [input.field]: texts.join("\n") });
}

function invalid(message: string): Result<never> {
  return fail(appError("validation_failed", message, { field: "message.parts" }));
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
