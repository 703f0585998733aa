import { eventValue } from "./event-value.js";
import { DATA_FIELD } from "./run-data.js";
import type { SchemaField } from "./schema-fields.js";
import type { DataProblems } from "./validate-data.js";

/** A field of the run form: label, input, help and problem, tied together for screen readers. */
export function FieldInput(props: {
  field: SchemaField;
  text: string;
  problem: string | undefined;
  onText: (text: string) => void;
}) {
  const { field, problem } = props;
  const id = `field-${field.name}`;
  const common = {
    id,
    name: field.name,
    "aria-invalid": problem === undefined ? "false" : "true",
    "aria-describedby": `${id}-help ${id}-problem`,
  };
  const input =
    field.kind === "enum" || field.kind === "boolean" ? (
      <select {...common} onChange={(event: Event) => props.onText(eventValue(event))}>
        {(field.kind === "boolean" ? ["false", "true"] : field.options).map((option) => (
          <option value={option} selected={option === props.text}>
            {option}
          </option>
        ))}
      </select>
    ) : (
      <input
        {...common}
        type="text"
        inputMode={field.kind === "string" || field.kind === "json" ? "text" : "decimal"}
        value={props.text}
        required={field.required}
        onInput={(event: Event) => props.onText(eventValue(event))}
      />
    );
  return (
    <div class="field">
      <label for={id}>
        {field.name}
        {field.required ? " (required)" : ""}
      </label>
      {input}
      <small id={`${id}-help`}>
        {field.description ?? ""}
        {field.kind === "json" ? " A JSON value." : ""}
      </small>
      <span class="problem" id={`${id}-problem`}>
        {problem === undefined ? "" : `${field.name} ${problem}`}
      </span>
    </div>
  );
}

/** Every problem found before sending, announced at once. */
export function ProblemList(props: { problems: DataProblems }) {
  const entries = Object.entries(props.problems);
  if (entries.length === 0) return null;
  return (
    <div class="problem" role="alert">
      <p>Nothing was sent. Fix these first:</p>
      <ul>
        {entries.map(([field, message]) => (
          <li>{`${field === DATA_FIELD ? "The data" : field} ${message}`}</li>
        ))}
      </ul>
    </div>
  );
}
