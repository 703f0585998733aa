import { describe, expect, it } from "vitest";
import { watchRun } from "../../src/runs/watch-run.js";

// The run's event stream, forwarded once access is granted (docs/gateway.md, "Watching a run").

function recordingRun(answer: () => Response) {
  const seen: Request[] = [];
  return {
    seen,
    run: {
      fetch: async (request: Request) => {
        seen.push(request);
        return answer();
      },
    },
  };
}

const URL_OF_RUN = "https://gateway.test/api/runs/019ac2a0-0000-7000-8000-000000000003/events";

describe("watchRun", () => {
  it("hands the run object the position to resume after and nothing else", async () => {
    const { run, seen } = recordingRun(() => new Response("id: 1\n\n"));
    const response = await watchRun({ run, url: URL_OF_RUN, lastEventId: "7" });
    expect([...(seen[0]?.headers.entries() ?? [])]).toEqual([["last-event-id", "7"]]);
    expect(response?.headers.get("content-type")).toBe("text/event-stream");
    expect(response?.headers.get("cache-control")).toBe("no-store");
    expect(await response?.text()).toBe("id: 1\n\n");
    await watchRun({ run, url: URL_OF_RUN, lastEventId: undefined });
    expect([...(seen[1]?.headers.entries() ?? [])]).toEqual([]);
  });

  it("answers null for a run deleted meanwhile, and fails on anything else but a stream", async () => {
    const gone = recordingRun(() => Response.json({ code: "run_not_found" }, { status: 404 }));
    expect(await watchRun({ run: gone.run, url: URL_OF_RUN, lastEventId: undefined })).toBeNull();
    const broken = recordingRun(() => new Response("no", { status: 500 }));
    await expect(
      watchRun({ run: broken.run, url: URL_OF_RUN, lastEventId: undefined }),
    ).rejects.toThrow("answered its event stream with 500");
  });
});
