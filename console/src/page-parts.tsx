import { useEffect, useRef } from "hono/jsx/dom";

/**
 * A page's heading, focused when the page opens so a screen reader announces it and the
 * keyboard starts there; `busy` says the page is still loading.
 */
export function PageTitle(props: { title: string; busy?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.title]);
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {props.title}
      </h1>
      {props.busy === true && <p role="status">Loading…</p>}
    </>
  );
}

/** A page that could not load: its title, and the API's message in plain words. */
export function Problem(props: { title: string; message: string }) {
  return (
    <section>
      <PageTitle title={props.title} />
      <p class="problem" role="alert">
        {props.message}
      </p>
    </section>
  );
}

/** A problem in plain words where it happened, announced to screen readers; nothing when none. */
export function ProblemLine({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p class="problem" role="alert">
      {message}
    </p>
  );
}
