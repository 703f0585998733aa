import { useEffect, useState } from "hono/jsx/dom";
import type { ApiResult } from "./api.js";

/** An API read as the page's state: loading, then the value or the API's message. */
export type Loaded<T> = { state: "loading" } | ({ state: "done" } & ApiResult<T>);

export function useApi<T>(load: () => Promise<ApiResult<T>>, key: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  // `key` names what `load` reads: a new key loads again.
  useEffect(() => {
    let current = true;
    setLoaded({ state: "loading" });
    load().then((result) => {
      if (current) setLoaded({ state: "done", ...result });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return loaded;
}
