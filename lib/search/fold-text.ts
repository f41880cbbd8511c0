// Accent- and case-folding for searches that forgive ("Salao" finds "Salão", "otica" finds
// "Ótica"), written once for both sides: PostgreSQL's search_fold() (migration
// *_forgiving_search, the same two strings) fills merchants.search_name, and foldText() folds what
// a user typed before it is compared with that column. One plain translate() (accents and ASCII
// case), because the embedded database (PGlite) has no unaccent dictionary loaded and lower()
// depends on each database's locale: the same result on both databases and in Node.
// tests/integration/forgiving-search.test.ts holds foldText() to search_fold() for every letter here.

/** The accented letters folded, and what each becomes (position by position). */
export const FOLD_FROM = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŸABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const FOLD_TO = "aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyyyabcdefghijklmnopqrstuvwxyz";

const MAP = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i] ?? letter]));

/** The text as search_fold() stores it: accents dropped, ASCII letters lower-cased (one translate()). */
export function foldText(text: string): string {
  let folded = "";
  for (const letter of text) folded += MAP.get(letter) ?? letter;
  return folded;
}
