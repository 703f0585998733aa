import { z } from "zod";
import { defineAgent } from "../../../src/index.js";
import { textStats } from "./text-stats.js";

export const MAX_TEXT_CHARACTERS = 200_000;

/** Counts words, sentences and syllables of `data.text` and scores its readability. */
export const textStatsAgent = defineAgent({
  id: "text-stats",
  name: "Text statistics",
  workflows: ["text"],
  description:
    "Counts the words, sentences and syllables of a text and scores its readability (Flesch reading ease)",
  input: z.object({
    // A word starts at a letter or digit (text-stats.ts, WORD): a pattern, so the published JSON
    // Schema carries the rule and the gateway refuses word-less text before any payment.
    text: z
      .string()
      .max(MAX_TEXT_CHARACTERS)
      .regex(/[\p{L}\p{N}]/u, { message: "must contain at least one word" }),
  }),
  output: z.object({
    characters: z.int().nonnegative(),
    words: z.int().positive(),
    sentences: z.int().positive(),
    syllables: z.int().positive(),
    averageWordsPerSentence: z.number(),
    averageSyllablesPerWord: z.number(),
    fleschReadingEase: z.number(),
    readingLevel: z.string(),
  }),
  handler: async ({ input, log }) => {
    const stats = textStats(input.text);
    if (stats === null) throw new Error("text has no words");
    log(`${stats.words} words in ${stats.sentences} sentences`);
    return stats;
  },
});
