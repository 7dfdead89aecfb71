// Every word the page shows comes from the server's `hello.words`, translated from the bot's
// message files in the language of the Discord client: the page has no language of its own.
// The keys it asks for are all listed here, so the server can send exactly these.

export const WORD_KEYS = [
  'activity-lobby',
  'activity-games',
  'activity-no-games',
  'activity-watch',
  'activity-challenges',
  'activity-no-challenges',
  'activity-accept',
  'activity-anyone',
  'activity-new-challenge',
  'activity-engine',
  'activity-level',
  'activity-colour',
  'activity-white',
  'activity-black',
  'activity-random',
  'activity-time',
  'activity-no-clock',
  'activity-play-engine',
  'activity-open-challenge',
  'activity-spectators',
  'activity-to-move',
  'activity-your-move',
  'activity-compulsory',
  'activity-choose-path',
  'activity-moves',
  'activity-offer-draw',
  'activity-draw-offered',
  'activity-accept-draw',
  'activity-decline-draw',
  'activity-resign',
  'activity-resign-confirm',
  'activity-yes',
  'activity-no',
  'activity-takeback',
  'activity-takeback-asked',
  'activity-flip',
  'activity-rematch',
  'activity-reconnecting',
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

/** The bot's texts mark bold words as Discord does (`**so**`): shown bold, the marks dropped. */
export function rich(text: string): Node[] {
  return text
    .replace(/`/g, '')
    .split('**')
    .map((part, index) => {
      if (index % 2 === 0) return document.createTextNode(part);
      const strong = document.createElement('strong');
      strong.textContent = part;
      return strong;
    });
}
