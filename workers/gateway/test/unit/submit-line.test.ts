import { describe, expect, it } from "vitest";
import { SubmitLine } from "../../src/outcome/submit-line.js";

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the operator's submit line", () => {
  it("starts the next work once the one before released the line, before that one ends", async () => {
    const line = new SubmitLine();
    const events: string[] = [];
    const firstCommit = gate();
    const first = line.run(async (release) => {
      events.push("first submitted");
      release();
      await firstCommit.opened;
      events.push("first committed");
    });
    const second = line.run(async () => {
      events.push("second started");
    });
    await second;
    firstCommit.open();
    await first;
    expect(events).toEqual(["first submitted", "second started", "first committed"]);
  });

  it("holds the next work until the one before releases or ends", async () => {
    const line = new SubmitLine();
    const events: string[] = [];
    const firstSubmit = gate();
    const first = line.run(async () => {
      await firstSubmit.opened;
      events.push("first ended");
    });
    const second = line.run(async () => {
      events.push("second started");
    });
    await tick();
    expect(events).toEqual([]);
    firstSubmit.open();
    await Promise.all([first, second]);
    expect(events).toEqual(["first ended", "second started"]);
  });

  it("frees the line when a work fails before releasing it", async () => {
    const line = new SubmitLine();
    const failed = line.run(async () => {
      throw new Error("refused in simulation");
    });
    await expect(failed).rejects.toThrow("refused in simulation");
    await expect(line.run(async () => "next")).resolves.toBe("next");
  });
});
