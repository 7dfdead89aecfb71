// Start-up: who the page's user is, through Discord's client (the real SDK, inside Discord)
// or the SDK's mock (outside Discord: `damabot local --web` and the browser tests).

import { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';
import type { TokenAnswer } from './protocol';

export interface Start {
  session: string;
  you: { id: string; name: string };
  instance: string;
  channel: string;
  locale: string;
}

class TokenRefused extends Error {}

async function postToken(code: string, name?: string): Promise<TokenAnswer> {
  const body: Record<string, string> = { code };
  if (name !== undefined) body.name = name;
  const answer = await fetch('api/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await answer.json().catch(() => ({}))) as Partial<TokenAnswer> & { error?: string };
  if (!answer.ok || json.session === undefined || json.you === undefined) {
    throw new TokenRefused(json.error ?? String(answer.status));
  }
  return json as TokenAnswer;
}

/** The application's id: filled in by the server in a meta tag, else the first label of
 * Discord's address for the Activity (`<id>.discordsays.com`), else asked for. */
async function clientId(): Promise<string> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="dama-client-id"]');
  const filled = meta?.content.trim() ?? '';
  if (/^\d+$/.test(filled)) return filled;
  const host = /^(\d+)\.discordsays\.com$/.exec(window.location.hostname);
  if (host !== null) return host[1];
  const answer = await fetch('api/config');
  const json = (await answer.json()) as { client_id?: string };
  return json.client_id ?? '';
}

function browserLocale(): string {
  return navigator.language || 'en-US';
}

async function inDiscord(): Promise<Start> {
  const sdk = new DiscordSDK(await clientId());
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: sdk.clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const token = await postToken(code);
  await sdk.commands.authenticate({ access_token: token.access_token });
  let locale = browserLocale();
  try {
    locale = (await sdk.commands.userSettingsGetLocale()).locale;
  } catch {
    // The client's own language stays.
  }
  return {
    session: token.session,
    you: token.you,
    instance: sdk.instanceId,
    channel: sdk.channelId ?? '',
    locale,
  };
}

async function outsideDiscord(params: URLSearchParams): Promise<Start> {
  const userId = params.get('user_id') ?? '';
  const name = params.get('name') ?? (userId === '' ? undefined : userId);
  const sdk = new DiscordSDKMock(
    '0',
    params.get('guild_id'),
    params.get('channel_id') ?? params.get('channel') ?? '0',
    null,
  );
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: sdk.clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const token = await postToken(code, name);
  await sdk.commands.authenticate({ access_token: token.access_token });
  return {
    session: token.session,
    you: token.you,
    instance: sdk.instanceId,
    channel: sdk.channelId ?? '0',
    locale: params.get('locale') ?? browserLocale(),
  };
}

/** Who the page's user is and where the Activity runs. */
export function start(): Promise<Start> {
  const params = new URLSearchParams(window.location.search);
  return params.has('frame_id') ? inDiscord() : outsideDiscord(params);
}
