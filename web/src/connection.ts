// The WebSocket to the server: opened at a relative address (so it works on loopback and behind
// Discord's proxy), opened again with a growing pause when it drops (some phones lose it), and
// resumed on the server's state by whoever listens to `onOpen`.

import type { PageMessage, ServerMessage } from './protocol';
import type { Start } from './sdk';

export interface Handlers {
  onMessage(message: ServerMessage): void;
  /** The socket is open again (not yet greeted). */
  onOpen(): void;
  /** The socket dropped; another try comes after `retryMs`. */
  onDrop(retryMs: number): void;
}

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 8000;

export class Connection {
  private socket: WebSocket | null = null;
  private pause = FIRST_PAUSE_MS;

  constructor(
    private readonly start: Start,
    private readonly handlers: Handlers,
  ) {}

  private url(): string {
    const query = new URLSearchParams({
      session: this.start.session,
      instance: this.start.instance,
      channel: this.start.channel,
      locale: this.start.locale,
    });
    const url = new URL(`ws?${query.toString()}`, window.location.href);
    url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  open(): void {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.pause = FIRST_PAUSE_MS;
      this.handlers.onOpen();
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      const pause = this.pause;
      this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
      this.handlers.onDrop(pause);
      window.setTimeout(() => this.open(), pause);
    });
  }

  send(message: PageMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }
}
