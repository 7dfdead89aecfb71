// The bot's texts are written for Discord: bold marks, mentions of people and commands, and
// timestamps Discord shows in the reader's time zone. The page shows them the same way.

const names = new Map<string, string>();
let language = 'en';

/** A person's name, learnt from the players and challenges the server sends. */
export function learnName(id: string, name: string): void {
  names.set(id, name);
}

export function setLanguage(next: string): void {
  language = next;
}

function timestamp(seconds: number, style: string): string {
  const date = new Date(seconds * 1000);
  if (style === 'R') {
    const minutes = Math.round((date.getTime() - Date.now()) / 60_000);
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
    if (Math.abs(minutes) < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
    return format.format(Math.round(minutes / 1440), 'day');
  }
  if (style === 't' || style === 'T') return date.toLocaleTimeString(language, { timeStyle: 'short' });
  if (style === 'd' || style === 'D') return date.toLocaleDateString(language, { dateStyle: 'medium' });
  return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Mentions and timestamps as words; bold marks kept for `rich`. */
function words(text: string): string {
  return text
    .replace(/<@!?(\d+)>/g, (_, id: string) => `@${names.get(id) ?? id}`)
    .replace(/<\/([^:>]+):\d+>/g, (_, command: string) => `/${command}`)
    .replace(/<#\d+>/g, '#')
    .replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_, seconds: string, style?: string) =>
      timestamp(Number(seconds), style ?? 'f'),
    )
    .replace(/`/g, '')
    .replace(/__/g, '');
}

/** A text of the bot as nodes: `**bold**` shown bold, the rest as Discord would show it. */
export function rich(text: string): Node[] {
  return words(text)
    .split('**')
    .map((part, index) => {
      if (index % 2 === 0) return document.createTextNode(part);
      const strong = document.createElement('strong');
      strong.textContent = part;
      return strong;
    });
}
