// A game on the page: the board between the two players (yours at the bottom), the clocks
// running down, whose move it is, the move list, and the actions a player has.

import { Board } from './board';
import { formatMs } from './clock';
import { html } from './dom';
import { button, challengeButtons, challengeLine, playerName } from './lobby';
import type { BotText, Challenge, Colour, Game, PageMessage } from './protocol';
import { eye } from './icons';
import { rich } from './markup';
import { w } from './words';

function other(colour: Colour): Colour {
  return colour === 'white' ? 'black' : 'white';
}

export class GameView {
  readonly element: HTMLElement;
  private readonly board: Board;
  private readonly top = html('div', { class: 'player top' });
  private readonly bottomBar = html('div', { class: 'player bottom' });
  private readonly status = html('div', { class: 'status', 'aria-live': 'polite' });
  private readonly actions = html('div', { class: 'actions' });
  private readonly moves = html('ol', { class: 'moves' });
  /** Challenges made to you, to accept without leaving the game (a rematch). */
  private readonly invites = html('div', { class: 'invites' });
  /** The engine's review of the game, once asked for. */
  private readonly analysis = html('div', { class: 'analysis' });
  private challenges: Challenge[] = [];
  private you = '';
  private readonly flash = html('div', { class: 'flash', role: 'alert' });
  private game: Game | null = null;
  private receivedAt = 0;
  private flipped = false;
  private confirmResign = false;
  private choosing = false;
  private flashTimer = 0;

  constructor(
    squares: [number, number][],
    private readonly send: (message: PageMessage) => void,
    private readonly toLobby: () => void,
  ) {
    this.board = new Board(
      squares,
      (move) => {
        const game = this.game;
        if (game !== null) this.send({ type: 'move', game: game.id, ply: game.ply, move: move.text });
      },
      (choosing) => {
        this.choosing = choosing;
        this.drawStatus();
      },
    );
    this.element = html(
      'section',
      { class: 'game' },
      html('div', { class: 'play' }, this.top, html('div', { class: 'board-wrap' }, this.board.element), this.bottomBar, this.flash),
      html(
        'aside',
        { class: 'side' },
        this.status,
        this.actions,
        this.invites,
        this.analysis,
        html('h2', {}, w('activity-moves')),
        this.moves,
      ),
    );
    window.setInterval(() => this.drawClocks(), 100);
  }

  get id(): number | null {
    return this.game?.id ?? null;
  }

  get finished(): boolean {
    return this.game?.status === 'finished';
  }

  private bottom(): Colour {
    const own = this.game?.you ?? 'white';
    return this.flipped ? other(own) : own;
  }

  show(game: Game): void {
    const previous = this.game !== null && this.game.id === game.id ? this.game : null;
    if (previous === null) {
      this.flipped = false;
      this.confirmResign = false;
      this.analysis.replaceChildren();
    }
    if (previous !== null && previous.ply !== game.ply) this.confirmResign = false;
    this.game = game;
    this.receivedAt = performance.now();
    this.board.show(game, this.bottom(), previous);
    this.drawPlayers();
    this.drawStatus();
    this.drawActions();
    this.drawMoves();
  }

  /** The challenges of the channel: those made to you are shown beside the game. */
  setChallenges(challenges: Challenge[], you: string): void {
    this.challenges = challenges;
    this.you = you;
    this.drawInvites();
  }

  private drawInvites(): void {
    const mine = this.challenges.filter((challenge) => challenge.to !== null && challenge.to.id === this.you);
    if (mine.length === 0) {
      this.invites.replaceChildren();
      return;
    }
    this.invites.replaceChildren(
      html('h2', {}, w('activity-challenges-for-you')),
      html(
        'ul',
        { class: 'list' },
        ...mine.map((challenge) =>
          html(
            'li',
            { class: 'row', 'data-challenge': challenge.id },
            challengeLine(challenge),
            ...challengeButtons(challenge, this.you, this.send),
          ),
        ),
      ),
    );
  }

  /** The engine's review of game `id`, when it is the one on screen. */
  showAnalysis(id: number, text: BotText): void {
    if (this.game?.id !== id) return;
    this.analysis.replaceChildren(html('h2', {}, w('activity-analysis')), html('div', { class: 'review' }, ...rich(text)));
  }

  /** A refusal or an error, shown under the board for a few seconds. */
  say(text: BotText, kind: 'refused' | 'error' | 'notice'): void {
    this.flash.replaceChildren(...rich(text));
    this.flash.className = `flash ${kind} shown`;
    window.clearTimeout(this.flashTimer);
    this.flashTimer = window.setTimeout(() => {
      this.flash.className = `flash ${kind}`;
    }, 4000);
  }

  private drawPlayers(): void {
    const game = this.game!;
    const bottom = this.bottom();
    for (const [bar, colour] of [
      [this.top, other(bottom)],
      [this.bottomBar, bottom],
    ] as const) {
      const moving = game.status === 'active' && game.turn === colour;
      bar.className = `player ${bar === this.top ? 'top' : 'bottom'}${moving ? ' moving' : ''}`;
      bar.setAttribute('data-colour', colour);
      bar.replaceChildren(
        html('span', { class: `dot ${colour}` }),
        html('span', { class: 'name' }, playerName(game[colour])),
        ...(moving && game.you !== null
          ? [html('span', { class: 'to-move' }, w(colour === game.you ? 'activity-your-move' : 'activity-their-move'))]
          : []),
        html('span', { class: 'clock', 'data-clock': colour }),
      );
    }
    this.drawClocks();
  }

  private drawClocks(): void {
    const game = this.game;
    if (game === null) return;
    const elapsed = performance.now() - this.receivedAt;
    for (const colour of ['white', 'black'] as const) {
      const element = this.element.querySelector<HTMLElement>(`[data-clock="${colour}"]`);
      if (element === null) continue;
      let text = '';
      let low = false;
      if (game.clock !== null) {
        const running = game.status === 'active' && game.clock.running === colour;
        const left = game.clock[`${colour}_ms`] - (running ? elapsed : 0);
        text = formatMs(left);
        low = running && left < 20_000;
      } else if (game.deadline_ms !== null && game.status === 'active' && game.turn === colour) {
        const left = game.deadline_ms - Date.now();
        text = formatMs(left);
        low = left < 60_000;
      }
      element.textContent = text;
      element.classList.toggle('low', low);
    }
  }

  private drawStatus(): void {
    const game = this.game;
    if (game === null) return;
    const lines: (string | HTMLElement)[] = [];
    if (game.result !== null) lines.push(html('strong', { class: 'result' }, ...rich(game.result.text)));
    else if (this.choosing) lines.push(html('strong', { class: 'choose' }, w('activity-choose-path')));
    else if (game.you === game.turn) lines.push(html('strong', {}, w('activity-your-move')));
    if (game.result === null && game.compulsory) lines.push(html('span', { class: 'compulsory' }, w('game-board-capture')));
    lines.push(html('span', { class: 'muted spectators', title: w('activity-spectators') }, eye(), ` ${game.spectators}`));
    this.status.replaceChildren(...lines.map((line) => html('div', {}, line)));
  }

  private drawActions(): void {
    const game = this.game!;
    const send = this.send;
    const you = game.you;
    const list: HTMLElement[] = [];
    if (you !== null && game.status === 'active') {
      if (this.confirmResign) {
        list.push(
          html('span', { class: 'confirm' }, w('activity-confirm-resign')),
          button(w('game-button-resign-confirm'), () => send({ type: 'resign', game: game.id }), 'resign-yes', 'danger'),
          button('✕', () => this.setConfirm(false), 'resign-no'),
        );
      } else {
        if (game.draw_offer === null) {
          list.push(button(w('game-button-offer-draw'), () => send({ type: 'draw', game: game.id, answer: null }), 'draw'));
        } else if (game.draw_offer === you) {
          list.push(html('button', { type: 'button', disabled: true }, w('activity-draw-offered')));
        } else {
          list.push(
            button(w('game-button-accept-draw'), () => send({ type: 'draw', game: game.id, answer: true }), 'draw-accept'),
            button(w('game-button-decline-draw'), () => send({ type: 'draw', game: game.id, answer: false }), 'draw-decline'),
          );
        }
        if (game.takeback === you) {
          list.push(html('button', { type: 'button', disabled: true }, w('activity-takeback-asked')));
        } else if (game.takeback !== null) {
          list.push(
            button(w('takeback-button-accept'), () => send({ type: 'takeback', game: game.id, answer: true }), 'takeback'),
            button(
              w('takeback-button-decline'),
              () => send({ type: 'takeback', game: game.id, answer: false }),
              'takeback-decline',
            ),
          );
        } else if (game.can_takeback) {
          list.push(button(w('takeback-button'), () => send({ type: 'takeback', game: game.id, answer: null }), 'takeback'));
        }
        list.push(button(w('game-button-resign'), () => this.setConfirm(true), 'resign', 'danger'));
      }
    }
    if (you !== null && game.status === 'finished') {
      list.push(button(w('game-button-rematch'), () => send({ type: 'rematch', game: game.id }), 'rematch', 'primary'));
    }
    if (game.status === 'finished') {
      list.push(button(w('activity-analysis'), () => send({ type: 'analysis', game: game.id }), 'analysis'));
    }
    list.push(
      button(w('game-button-flip'), () => this.flip(), 'flip'),
      button(w('activity-back'), () => this.toLobby(), 'lobby'),
    );
    this.actions.replaceChildren(...list);
  }

  private setConfirm(on: boolean): void {
    this.confirmResign = on;
    this.drawActions();
  }

  private flip(): void {
    const game = this.game;
    if (game === null) return;
    this.flipped = !this.flipped;
    this.board.show(game, this.bottom(), game);
    this.drawPlayers();
  }

  private drawMoves(): void {
    const game = this.game!;
    const items: HTMLElement[] = [];
    for (let i = 0; i < game.moves.length; i += 2) {
      items.push(
        html(
          'li',
          {},
          html('span', { class: 'ply' }, game.moves[i]),
          html('span', { class: 'ply' }, game.moves[i + 1] ?? ''),
        ),
      );
    }
    this.moves.replaceChildren(...items);
    this.moves.scrollTop = this.moves.scrollHeight;
  }
}
