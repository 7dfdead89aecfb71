// Every word the page shows comes from the server's `hello.words`, translated from the bot's
// message files in the language of the Discord client: the page has no language of its own.
// The keys it may ask for are the server's list (generated/words.ts, from
// crates/dama-web/src/words.rs), and it uses every one of them (a test of the server checks).

import type { WordKey } from './generated/words';

export type { WordKey };

let words: Record<string, string> = {};

export function setWords(next: Record<string, string>): void {
  words = next;
}

/** The word for `key`; a key the server did not send shows as itself, so the gap is seen. */
export function w(key: WordKey): string {
  return words[key] ?? key;
}
