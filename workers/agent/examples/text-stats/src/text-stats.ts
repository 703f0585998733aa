/**
 * Word, sentence and syllable counts of English text and its Flesch reading ease:
 * 206.835 − 1.015 × (words / sentences) − 84.6 × (syllables / words).
 * Syllables are estimated from vowel groups, the usual heuristic for Flesch scores.
 */

export type TextStats = {
  characters: number;
  words: number;
  sentences: number;
  syllables: number;
  averageWordsPerSentence: number;
  averageSyllablesPerWord: number;
  fleschReadingEase: number;
  readingLevel: string;
};

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const SENTENCE_END = /[.!?…]+(?=\s|$)/u;

/** Flesch's bands, from the top score down. */
const READING_LEVELS: ReadonlyArray<readonly [minScore: number, label: string]> = [
  [90, "very easy"],
  [80, "easy"],
  [70, "fairly easy"],
  [60, "standard"],
  [50, "fairly difficult"],
  [30, "difficult"],
  [Number.NEGATIVE_INFINITY, "very difficult"],
];

export function findWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Sentences that contain at least one word; text without end punctuation is one sentence. */
export function countSentences(text: string): number {
  return text.split(SENTENCE_END).filter((part) => findWords(part).length > 0).length;
}

export function countSyllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, "");
  // Numbers and short words count as one syllable.
  if (letters.length <= 3) return 1;
  // A final silent "e", "es" or "ed" ("cake", "makes", "played") adds no syllable; "le" does
  // ("table"); a leading "y" is a consonant ("yes").
  const stem = letters.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, "").replace(/^y/, "");
  return Math.max(1, stem.match(/[aeiouy]{1,2}/g)?.length ?? 0);
}

export function readingLevel(score: number): string {
  return READING_LEVELS.find(([min]) => score >= min)?.[1] ?? "very difficult";
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Null when the text has no words: there is nothing to score. */
export function textStats(text: string): TextStats | null {
  const words = findWords(text);
  if (words.length === 0) return null;
  const sentences = Math.max(1, countSentences(text));
  const syllables = words.reduce((sum, word) => sum + countSyllables(word), 0);
  const wordsPerSentence = words.length / sentences;
  const syllablesPerWord = syllables / words.length;
  const score = round2(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord);
  return {
    characters: [...text].length,
    words: words.length,
    sentences,
    syllables,
    averageWordsPerSentence: round2(wordsPerSentence),
    averageSyllablesPerWord: round2(syllablesPerWord),
    fleschReadingEase: score,
    readingLevel: readingLevel(score),
  };
}
