// The lobby: the channel's games to watch, challenges to accept, decline or withdraw, and a new
// challenge (to the engine at a level, to someone present, or open to anyone in the channel).
// The server sends it again whenever it changes.

import { html } from './dom';
import type { Challenge, Colour, Lobby, PageMessage, Player } from './protocol';
import { eye } from './icons';
import { w } from './words';

const TIMES = ['', '3+2', '5+3', '10+5', '15+10'];

export function playerName(player: Player): string {
  if (player.engine_level !== null) return `${player.name} (${w('activity-level')} ${player.engine_level})`;
  return player.rating === null ? player.name : `${player.name} (${player.rating})`;
}

function colourWord(colour: Colour | 'random'): string {
  return w(colour === 'white' ? 'activity-white' : colour === 'black' ? 'activity-black' : 'activity-random-colour');
}

/** The form's choices, kept while the lobby is drawn again with each change. */
const chosen: Record<string, string> = { level: '3' };

function select(name: string, options: [string, string][]): HTMLSelectElement {
  const element = html('select', { name, 'data-field': name });
  for (const [value, text] of options) element.append(html('option', { value }, text));
  const kept = chosen[name];
  if (kept !== undefined) element.value = kept;
  element.addEventListener('change', () => {
    chosen[name] = element.value;
  });
  return element;
}

/** The buttons of a challenge for `you`: accept or decline one made to you, withdraw yours. */
export function challengeButtons(challenge: Challenge, you: string, send: (message: PageMessage) => void): HTMLElement[] {
  if (challenge.from.id === you) {
    return [button(w('activity-cancel'), () => send({ type: 'cancel', challenge: challenge.id }), 'cancel')];
  }
  if (challenge.to !== null && challenge.to.id !== you) return [];
  const accept = button(w('activity-accept'), () => send({ type: 'accept', challenge: challenge.id }), 'accept', 'primary');
  if (challenge.to === null) return [accept];
  return [accept, button(w('activity-decline'), () => send({ type: 'decline', challenge: challenge.id }), 'decline')];
}

export function challengeLine(challenge: Challenge): HTMLElement {
  return html(
    'span',
    { class: 'grow' },
    challenge.to === null ? playerName(challenge.from) : `${playerName(challenge.from)} → ${playerName(challenge.to)}`,
    html('br'),
    html('span', { class: 'muted' }, `${colourWord(challenge.colour)} · ${challenge.time ?? w('activity-time-per-move')}`),
  );
}

export function lobbyView(lobby: Lobby, you: string, send: (message: PageMessage) => void): HTMLElement {
  const { games, challenges } = lobby;
  const gameRows = games.map((game) =>
    html(
      'li',
      { class: 'row', 'data-game': game.id },
      html(
        'span',
        { class: 'grow' },
        html('span', { class: 'dot white' }),
        playerName(game.white),
        html('br'),
        html('span', { class: 'dot black' }),
        playerName(game.black),
      ),
      html('span', { class: 'muted' }, `#${game.id} · ${game.ply} · `, eye(), ` ${game.spectators}`),
      button(w('activity-watch'), () => send({ type: 'watch', game: game.id }), 'watch'),
    ),
  );
  const challengeRows = challenges.map((challenge) =>
    html(
      'li',
      { class: 'row', 'data-challenge': challenge.id },
      challengeLine(challenge),
      ...challengeButtons(challenge, you, send),
    ),
  );

  const level = select(
    'level',
    Array.from({ length: 8 }, (_, i): [string, string] => [String(i + 1), `${w('activity-level')} ${i + 1}`]),
  );
  const colour = select('colour', [
    ['random', w('activity-random-colour')],
    ['white', w('activity-white')],
    ['black', w('activity-black')],
  ]);
  const time = select(
    'time',
    TIMES.map((t): [string, string] => [t, t === '' ? w('activity-time-per-move') : t]),
  );
  const challenge = (engine: boolean, opponent: string | null = null): void =>
    send({
      type: 'challenge',
      opponent,
      level: engine ? Number(level.value) : null,
      colour: colour.value as Colour | 'random',
      time: time.value === '' ? null : time.value,
    });
  const others = lobby.present.filter((person) => person.id !== you);
  const presentRows = others.map((person) =>
    html(
      'li',
      { class: 'row', 'data-person': person.id },
      html('span', { class: 'grow' }, person.name),
      button(w('activity-challenge'), () => challenge(false, person.id), 'challenge-person'),
    ),
  );

  return html(
    'section',
    { class: 'lobby' },
    html('h2', {}, w('activity-lobby')),
    gameRows.length > 0
      ? html('ul', { class: 'list' }, ...gameRows)
      : html('p', { class: 'muted' }, w('activity-no-games')),
    challengeRows.length > 0 ? html('h2', {}, w('activity-open-challenges')) : null,
    challengeRows.length > 0 ? html('ul', { class: 'list' }, ...challengeRows) : null,
    html('h2', {}, w('activity-challenge')),
    html(
      'div',
      { class: 'form' },
      html('label', {}, colour),
      html('label', {}, w('activity-clock'), time),
      html('label', {}, w('activity-level'), level),
      html(
        'div',
        { class: 'buttons' },
        button(w('activity-play-engine'), () => challenge(true), 'play-engine'),
        button(w('activity-open-challenge'), () => challenge(false), 'open-challenge'),
      ),
    ),
    html('h2', {}, w('activity-present')),
    presentRows.length > 0
      ? html('ul', { class: 'list present' }, ...presentRows)
      : html('p', { class: 'muted' }, w('activity-nobody-present')),
  );
}

export function button(text: string, onClick: () => void, action: string, extra = ''): HTMLButtonElement {
  const element = html('button', { type: 'button', 'data-action': action, class: extra || null }, text);
  element.addEventListener('click', onClick);
  return element;
}
