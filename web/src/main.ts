// The Activity's page: who you are (sdk.ts), the socket to the bot (connection.ts), then the
// lobby or a game, as the server's messages say.

import { Connection } from './connection';
import { html } from './dom';
import { GameView } from './game';
import { lobbyView } from './lobby';
import type { BotText, Hello, Lobby, PageMessage, ServerMessage } from './protocol';
import { start, type Start } from './sdk';
import { learnName, rich, setLanguage } from './markup';
import { setColours } from './theme';
import { setWords, w } from './words';

class Page {
  private readonly root: HTMLElement;
  private readonly banner = html('div', { class: 'banner', role: 'status' });
  private readonly flashes = html('div', { class: 'flashes' });
  private readonly main = html('main', {});
  private readonly connection: Connection;
  private hello: Hello | null = null;
  private gameView: GameView | null = null;
  /** The game on screen, watched again after the socket comes back. */
  private watching: number | null;
  /** The channel's lobby as the server last sent it (it sends every change). */
  private lobby: Lobby | null = null;

  constructor(private readonly start: Start) {
    this.root = document.getElementById('app')!;
    const asked = Number(new URLSearchParams(window.location.search).get('game'));
    this.watching = Number.isInteger(asked) && asked > 0 ? asked : null;
    this.connection = new Connection(start, {
      onMessage: (message) => this.receive(message),
      onOpen: () => {},
      onDrop: () => {
        if (this.hello !== null) {
          this.banner.textContent = w('activity-reconnecting');
          this.banner.classList.add('shown');
        }
      },
    });
    this.connection.open();
  }

  private send(message: PageMessage): void {
    this.connection.send(message);
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'hello':
        this.greeted(message);
        break;
      case 'lobby': {
        for (const game of message.games) for (const p of [game.white, game.black]) learnName(p.id, p.name);
        for (const c of message.challenges) for (const p of [c.from, c.to]) if (p !== null) learnName(p.id, p.name);
        for (const p of message.present) learnName(p.id, p.name);
        const known = this.lobby?.games.map((game) => game.id);
        this.lobby = message;
        const you = this.start.you.id;
        // A challenge of yours was accepted meanwhile (a rematch too): its game opens, unless
        // you are in the middle of another.
        const yours = message.games.find(
          (game) => known !== undefined && !known.includes(game.id) && (game.white.id === you || game.black.id === you),
        );
        this.gameView?.setChallenges(message.challenges, you);
        if (this.watching === null) {
          if (yours === undefined) this.showLobby();
          else this.send({ type: 'watch', game: yours.id });
        } else if (yours !== undefined && this.gameView?.finished === true) {
          this.send({ type: 'watch', game: yours.id });
        }
        break;
      }
      case 'analysis':
        this.gameView?.showAnalysis(message.game, message.text);
        break;
      case 'game': {
        const view = this.gameView;
        const id = message.game.id;
        for (const p of [message.game.white, message.game.black]) learnName(p.id, p.name);
        if (view === null) break;
        const onScreen = this.watching !== null && this.main.contains(view.element);
        if (this.watching === null || this.watching === id || (onScreen && view.id !== id && view.finished)) {
          this.watching = id;
          view.show(message.game);
          if (!onScreen || this.main.firstChild !== view.element) this.main.replaceChildren(view.element);
          document.body.dataset.view = 'game';
          document.body.dataset.game = String(id);
          document.body.dataset.ply = String(message.game.ply);
          document.body.dataset.last = message.game.last?.path.join('-') ?? '';
          document.body.dataset.you = message.game.you ?? '';
          document.body.dataset.turn = message.game.turn;
        }
        break;
      }
      case 'refused':
      case 'error':
      case 'notice':
        this.say(message.text, message.type);
        break;
    }
  }

  private greeted(hello: Hello): void {
    const first = this.hello === null;
    this.hello = hello;
    setWords(hello.words);
    setColours(hello.colours);
    document.documentElement.lang = hello.language;
    setLanguage(hello.language);
    learnName(hello.you.id, hello.you.name);
    this.banner.classList.remove('shown');
    if (first) {
      this.gameView = new GameView(
        hello.squares,
        (message) => this.send(message),
        () => {
          this.watching = null;
          this.send({ type: 'lobby' });
          this.showLobby();
        },
      );
      this.root.replaceChildren(this.banner, this.flashes, this.main);
    }
    document.body.dataset.user = hello.you.id;
    if (this.watching !== null) this.send({ type: 'watch', game: this.watching });
  }

  private showLobby(): void {
    document.body.dataset.view = 'lobby';
    delete document.body.dataset.game;
    if (this.lobby === null) return;
    this.main.replaceChildren(lobbyView(this.lobby, this.start.you.id, (message) => this.send(message)));
  }

  private say(text: BotText, kind: 'refused' | 'error' | 'notice'): void {
    if (this.gameView !== null && this.watching !== null) {
      this.gameView.say(text, kind);
      return;
    }
    const flash = html('div', { class: `flash ${kind} shown`, role: 'alert' }, ...rich(text));
    this.flashes.append(flash);
    window.setTimeout(() => flash.remove(), 4000);
  }
}

start()
  .then((who) => new Page(who))
  .catch((error: unknown) => {
    const root = document.getElementById('app');
    if (root !== null) root.replaceChildren(html('p', { class: 'failed' }, String(error instanceof Error ? error.message : error)));
  });
