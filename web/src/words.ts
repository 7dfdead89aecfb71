// Every word the page shows comes from the server's `hello.words`, translated from the bot's
// message files in the language of the Discord client: the page has no language of its own.
// The keys it asks for are all listed here (the server's list: src/web/words.rs).

export const WORD_KEYS = [
  'activity-your-move',
  'activity-their-move',
  'activity-spectators',
  'activity-accept',
  'activity-decline',
  'activity-cancel',
  'activity-analysis',
  'activity-present',
  'activity-nobody-present',
  'activity-challenges-for-you',
  'activity-confirm-resign',
  'activity-lobby',
  'activity-no-games',
  'activity-open-challenges',
  'activity-watch',
  'activity-challenge',
  'activity-open-challenge',
  'activity-play-engine',
  'activity-level',
  'activity-white',
  'activity-black',
  'activity-random-colour',
  'activity-choose-path',
  'activity-reconnecting',
  'activity-clock',
  'activity-time-per-move',
  'activity-moves',
  'activity-draw-offered',
  'activity-takeback-asked',
  'activity-back',
  'game-button-offer-draw',
  'game-button-accept-draw',
  'game-button-decline-draw',
  'game-button-resign',
  'game-button-resign-confirm',
  'game-button-flip',
  'game-button-rematch',
  'game-board-capture',
  'takeback-button',
  'takeback-button-accept',
  'takeback-button-decline',
] as const;

export type WordKey = (typeof WORD_KEYS)[number];

let words: Record<string, string> = {};

export function setWords(next: Record<string, string>): void {
  words = next;
}

/** The word for `key`; a key the server did not send shows as itself, so the gap is seen. */
export function w(key: WordKey): string {
  return words[key] ?? key;
}

