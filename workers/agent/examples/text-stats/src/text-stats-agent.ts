import { z } from "zod";
import { defineAgent } from "../../../src/index.js";
import { findWords, textStats } from "./text-stats.js";

export const MAX_TEXT_CHARACTERS = 200_000;

/** Counts words, sentences and syllables of `data.text` and scores its readability. */
export const textStatsAgent = defineAgent({
  id: "text-stats",
  name: "Text statistics",
  workflows: ["text"],
  input: z.object({
    text: z
      .string()
      .max(MAX_TEXT_CHARACTERS)
      .refine((text) => findWords(text).length > 0, { message: "must contain at least one word" }),
  }),
  handler: async ({ input, log }) => {
    const stats = textStats(input.text);
    if (stats === null) throw new Error("text has no words");
    log(`${stats.words} words in ${stats.sentences} sentences`);
    return stats;
  },
});
