// A closed list of words (an alert's kind, an exception's status), declared once: its words, in
// the order lists and choices show them, and how the console names each. A word's label is the
// word in words ("queue_stalled": "Queue stalled"), as the console names the values it has no
// list for, unless the list names it otherwise. Pure: the schemas, the filter tables and the
// dashboard read it.

/** "queue_stalled" → "Queue stalled". */
function inWords(word: string): string {
  const text = word.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words (the API's enum, a loop over every one) and each one's label, `named` where it is not the word in words. */
export function closedVocabulary<const Word extends string>(
  words: readonly [Word, ...Word[]],
  named: Partial<Record<Word, string>> = {},
): { words: readonly [Word, ...Word[]]; labels: Readonly<Record<Word, string>> } {
  const labels = Object.fromEntries(words.map((word) => [word, named[word] ?? inWords(word)])) as Record<Word, string>;
  return { words, labels };
}
