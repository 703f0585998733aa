/** A JSON value as a tree a keyboard can open and close (each object and array a disclosure). */
function Node(props: { name: string; value: unknown }) {
  const { name, value } = props;
  if (typeof value === "object" && value !== null) {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    const size = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    return (
      <li>
        <details open>
          <summary>
            <span class="key">{name}</span> {size}
          </summary>
          <ul>
            {entries.map(([key, item]) => (
              <Node name={key} value={item} />
            ))}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li>
      <span class="key">{name}</span>: <span class="value">{JSON.stringify(value)}</span>
    </li>
  );
}

export function JsonTree(props: { value: unknown; label: string }) {
  return (
    <ul class="json-tree" aria-label={props.label}>
      <Node name={props.label} value={props.value} />
    </ul>
  );
}
