import { useState } from "hono/jsx/dom";

/** A snippet with a button that copies it; the button says when it did. */
export function CopyText(props: { label: string; text: string }) {
  const [copied, setCopied] = useState<"" | "Copied" | "Copy failed: select the text instead">("");
  const copy = () =>
    navigator.clipboard.writeText(props.text).then(
      () => setCopied("Copied"),
      () => setCopied("Copy failed: select the text instead"),
    );
  return (
    <figure class="snippet">
      <figcaption>{props.label}</figcaption>
      <pre>
        <code>{props.text}</code>
      </pre>
      <button type="button" onClick={copy}>
        Copy {props.label}
      </button>
      <span role="status">{copied}</span>
    </figure>
  );
}
