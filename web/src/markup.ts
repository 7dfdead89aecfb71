// The bot's texts arrive as data: spans of its words and of the people, moments and commands
// they speak of, each with its style. The page writes each part its own way: names as they
// are, moments relative to now in the page's language, commands as typed.

import type { Span, BotText } from './protocol';

const names = new Map<string, string>();
let language = 'en';

/** A person's name, learnt from the players and challenges the server sends. */
export function learnName(id: string, name: string): void {
  names.set(id, name);
}

export function setLanguage(next: string): void {
  language = next;
}

/** A moment relative to now ("in 3 hours", "2 minutes ago"). */
function relative(ms: number): string {
  const minutes = Math.round((ms - Date.now()) / 60_000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  if (Math.abs(minutes) < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(Math.round(minutes / 1440), 'day');
}

/** The words of one span. */
function words(span: Span): string {
  if (span.words !== undefined) return span.words;
  if (span.name !== undefined) return span.name;
  if (span.person !== undefined) return names.get(span.person) ?? span.person;
  if (span.moment !== undefined) return relative(span.moment);
  if (span.command !== undefined) return span.typed || `/${span.command}`;
  if (span.channel !== undefined) return '#';
  if (span.game !== undefined) return `#${span.game}`;
  return '';
}

/** A text of the bot as nodes: strong spans bold, code spans as code, the rest as text. */
export function rich(text: BotText): Node[] {
  return text.map((span) => {
    const content = document.createTextNode(words(span));
    if (!span.strong && !span.code && span.command === undefined) return content;
    const element = document.createElement(span.code || span.command !== undefined ? 'code' : 'strong');
    element.appendChild(content);
    if (span.strong && element.tagName === 'CODE') {
      const strong = document.createElement('strong');
      strong.appendChild(element);
      return strong;
    }
    return element;
  });
}

/** A text of the bot as plain words (for a title or a label). */
export function plain(text: BotText): string {
  return text.map(words).join('');
}
