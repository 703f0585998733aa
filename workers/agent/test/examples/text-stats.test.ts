import { describe, expect, it } from "vitest";
import { agentExecuteFailureSchema, agentExecuteSuccessSchema } from "#shared/schemas/agent";
import {
  countSentences,
  countSyllables,
  findWords,
  readingLevel,
  textStats,
} from "../../examples/text-stats/src/text-stats.js";
import { textStatsAgent } from "../../examples/text-stats/src/text-stats-agent.js";
import { createAgentWorker } from "../../src/index.js";
import { agentRequest, fetchWorker, signedExecuteRequest } from "../helpers.js";

describe("text statistics", () => {
  it("finds words with apostrophes, hyphens and digits", () => {
    expect(findWords("Don't stop-motion 42 times, ok?")).toEqual([
      "Don't",
      "stop-motion",
      "42",
      "times",
      "ok",
    ]);
  });

  it("counts sentences at end punctuation followed by space or the end", () => {
    expect(countSentences("Hi there. How are you? Fine!")).toBe(3);
    expect(countSentences("No punctuation here")).toBe(1);
    expect(countSentences("Wait... what?")).toBe(2);
    expect(countSentences("Pi is 3.14 roughly.")).toBe(1);
    expect(countSentences("...")).toBe(0);
  });

  it("estimates syllables from vowel groups, with silent endings", () => {
    const cases: Record<string, number> = {
      cat: 1,
      cake: 1,
      makes: 1,
      walked: 1,
      played: 1,
      table: 2,
      reading: 2,
      yellow: 2,
      education: 4,
      readability: 5,
      "42": 1,
    };
    for (const [word, syllables] of Object.entries(cases)) {
      expect([word, countSyllables(word)]).toEqual([word, syllables]);
    }
  });

  it("scores one-syllable words in a short sentence as very easy, by Flesch's formula", () => {
    const stats = textStats("The cat sat on the mat.");
    // 206.835 - 1.015 * 6/1 - 84.6 * 6/6
    expect(stats).toEqual({
      characters: 23,
      words: 6,
      sentences: 1,
      syllables: 6,
      averageWordsPerSentence: 6,
      averageSyllablesPerWord: 1,
      fleschReadingEase: 116.15,
      readingLevel: "very easy",
    });
  });

  it("scores long words in long sentences as harder", () => {
    const easy = textStats("The dog ran. It was fun. We all sat down.");
    const hard = textStats(
      "Institutional considerations notwithstanding, the administration's comprehensive reorganization necessitated unprecedented interdepartmental collaboration.",
    );
    expect(easy?.fleschReadingEase).toBeGreaterThan(90);
    expect(hard?.fleschReadingEase).toBeLessThan(0);
    expect(hard?.readingLevel).toBe("very difficult");
  });

  it("has nothing to score in text without words", () => {
    expect(textStats(" ... !? ")).toBeNull();
  });

  it("names Flesch's bands", () => {
    expect(readingLevel(95)).toBe("very easy");
    expect(readingLevel(65)).toBe("standard");
    expect(readingLevel(10)).toBe("very difficult");
  });
});

describe("text-stats agent over HTTP", () => {
  const worker = createAgentWorker(textStatsAgent);
  const vars = { AGENT_PROCESS_ID: "text-stats-test" };

  it("answers the statistics of data.text", async () => {
    const request = agentRequest({
      processId: "text-stats-test",
      data: { text: "The cat sat on the mat." },
    });
    const response = await fetchWorker(worker, await signedExecuteRequest(request), vars);
    expect(response.status).toBe(200);
    const body = agentExecuteSuccessSchema.parse(await response.json());
    expect(body.result).toMatchObject({ words: 6, sentences: 1, fleschReadingEase: 116.15 });
    expect(body.logs[0]).toMatch(/INFO 6 words in 1 sentences$/);
  });

  it("takes exactly the texts that have a word: the schema's pattern is findWords's rule", () => {
    const samples = ["a", "42", " ?! ", "", "...", "—", "é", "日本", "'-'", "x-", "🙂", "\u00a0"];
    for (const text of samples) {
      const taken = textStatsAgent.input.safeParse({ text }).success;
      expect([text, taken]).toEqual([text, findWords(text).length > 0]);
    }
  });

  it("answers 400 naming data.text when it is missing or has no words", async () => {
    for (const data of [{}, { text: "  ?! " }]) {
      const request = agentRequest({ processId: "text-stats-test", data });
      const response = await fetchWorker(worker, await signedExecuteRequest(request), vars);
      expect(response.status).toBe(400);
      expect(agentExecuteFailureSchema.parse(await response.json()).error).toContain("data.text");
    }
  });
});
