import { useState } from "hono/jsx/dom";
import { eventValue } from "./event-value.js";
import { ADDRESS_FIELD, checkRunForm } from "./run-data.js";
import { FieldInput, ProblemList } from "./run-form-fields.js";
import { formData, schemaFields } from "./schema-fields.js";
import type { DataProblems } from "./validate-data.js";

/**
 * The run form (docs/console.md, "Run form"): fields generated from the input schema, or raw
 * JSON; checked against the schema before anything is sent or paid, then handed to `start`, which
 * answers null once the run started or the refusal in plain words. A paid run's caller is the
 * connected wallet (`payer`); a free run asks for an address.
 */
export function RunForm(props: {
  inputSchema: Record<string, unknown> | null;
  payer: string | null;
  submitLabel: string;
  start: (args: { userAddress: string; data: Record<string, unknown> }) => Promise<string | null>;
}) {
  const fields = props.inputSchema === null ? [] : schemaFields(props.inputSchema);
  const [mode, setMode] = useState<"form" | "json">(fields.length > 0 ? "form" : "json");
  const [texts, setTexts] = useState<Record<string, string>>(
    Object.fromEntries(fields.map((field) => [field.name, field.initial])),
  );
  const [raw, setRaw] = useState("{}");
  const [typedAddress, setAddress] = useState("");
  const address = props.payer ?? typedAddress;
  const [problems, setProblems] = useState<DataProblems>({});
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setRefusal(null);
    const checked = checkRunForm({
      mode,
      fields,
      texts,
      raw,
      address,
      inputSchema: props.inputSchema,
    });
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    setSending(true);
    const refused = await props.start({ userAddress: address.trim(), data: checked.data });
    setSending(false);
    setRefusal(refused);
  };
  return (
    <form class="run-form" onSubmit={submit} noValidate>
      <ProblemList problems={problems} />
      {props.payer === null && (
        <div class="field">
          <label for="run-address">Your account address (required)</label>
          <input
            id="run-address"
            value={address}
            aria-invalid={problems[ADDRESS_FIELD] === undefined ? "false" : "true"}
            aria-describedby="run-address-help"
            onInput={(event: Event) => setAddress(eventValue(event))}
          />
          <small id="run-address-help">
            A free run is not paid for: the gateway records this address as the caller.
          </small>
        </div>
      )}
      {fields.length > 0 && (
        <fieldset class="modes">
          <legend>Enter the data as</legend>
          <label>
            <input
              type="radio"
              name="mode"
              checked={mode === "form"}
              onChange={() => setMode("form")}
            />
            Form
          </label>
          <label>
            <input
              type="radio"
              name="mode"
              checked={mode === "json"}
              onChange={() => {
                const read = formData(fields, texts);
                if (read.ok) setRaw(JSON.stringify(read.data, null, 2));
                setMode("json");
              }}
            />
            Raw JSON
          </label>
        </fieldset>
      )}
      {mode === "form" ? (
        fields.map((field) => (
          <FieldInput
            field={field}
            text={texts[field.name] ?? field.initial}
            problem={problems[field.name]}
            onText={(text) => setTexts({ ...texts, [field.name]: text })}
          />
        ))
      ) : (
        <div class="field">
          <label for="run-json">Data (JSON object)</label>
          <textarea
            id="run-json"
            rows={6}
            value={raw}
            onInput={(event: Event) => setRaw(eventValue(event))}
          />
        </div>
      )}
      <button type="submit" disabled={sending}>
        {sending ? "Starting…" : props.submitLabel}
      </button>
      {refusal !== null && (
        <p class="problem" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}
