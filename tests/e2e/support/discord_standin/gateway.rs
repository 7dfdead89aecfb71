//! The gateway: WebSocket connections speaking JSON text frames, one session per shard.
//!
//! HELLO on connect; IDENTIFY starts a session of the shard it names (READY, then a
//! GUILD_CREATE for each guild of that shard); RESUME replays the session's dispatches after
//! the client's sequence number, then RESUMED; heartbeats get ACKs. Each guild's events go to
//! the shard Discord would send them to: `(guild_id >> 22) % shard_count`.

use std::sync::Arc;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::model;
use super::record::ClientFrame;
use super::state::{Connection, Outgoing, Session, Shared};

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((tcp, _)) = listener.accept().await {
        tokio::spawn(connection(tcp, Arc::clone(&shared)));
    }
}

async fn connection(tcp: TcpStream, shared: Arc<Shared>) {
    let ws = match tokio_tungstenite::accept_async(tcp).await {
        Ok(ws) => ws,
        Err(e) => {
            shared
                .lock()
                .problem(format!("gateway: websocket handshake failed: {e}"));
            shared.notify();
            return;
        }
    };
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let id = {
        let mut state = shared.lock();
        state.gateway.connections += 1;
        let id = state.gateway.connections;
        // It replaces its shard's old connection once it identifies or resumes, as a
        // reconnecting client's does on Discord.
        state.gateway.open.push(Connection {
            id,
            tx,
            live: false,
            shard: None,
        });
        id
    };
    shared.notify();
    // A held gateway accepts the connection but says nothing until it is released.
    let mut changes = shared.subscribe();
    while shared.lock().gateway.hold {
        if changes.changed().await.is_err() {
            return;
        }
    }
    let hello = json!({
        "op": 10,
        "d": { "heartbeat_interval": shared.options.heartbeat_interval.as_millis() as u64 },
    });
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Text(text)) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let frame = CloseFrame { code: CloseCode::from(code), reason: reason.into() };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    break;
                }
                Some(Outgoing::Cut) | None => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => client_frame(&shared, id, &text),
                Some(Ok(Message::Binary(_))) => {
                    shared.lock().problem("gateway: the client sent a binary frame".to_owned());
                    shared.notify();
                }
                Some(Ok(Message::Close(_))) => {
                    // Completes the closing handshake the client started (serenity waits for it).
                    let _ = sink.close().await;
                    break;
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            },
        }
    }
    shared.lock().gateway.open.retain(|c| c.id != id);
    shared.notify();
}

fn client_frame(shared: &Shared, connection: u64, text: &str) {
    let mut state = shared.lock();
    let frame: Value = match serde_json::from_str(text) {
        Ok(frame) => frame,
        Err(e) => {
            state.problem(format!("gateway: the client sent invalid json: {e}"));
            close(
                &state.gateway,
                connection,
                4002,
                "Error while decoding payload.",
            );
            drop(state);
            shared.notify();
            return;
        }
    };
    let op = frame["op"].as_u64().unwrap_or(u64::MAX);
    let d = frame["d"].clone();
    state.gateway.frames.push(ClientFrame {
        connection,
        op,
        d: d.clone(),
        at: Instant::now(),
    });
    state.gateway.frames_taken.push(false);
    match op {
        1 => state.gateway.send_to(connection, &json!({ "op": 11 })),
        2 => {
            let earlier: Vec<Instant> = state
                .gateway
                .frames
                .iter()
                .rev()
                .skip(1)
                .filter(|frame| frame.op == 2)
                .map(|frame| frame.at)
                .collect();
            if let Err(e) = super::limits::check_identify_rate(
                &earlier,
                Instant::now(),
                shared.options.max_concurrency,
            ) {
                state.problem(e);
            }
            let token = d["token"].as_str().unwrap_or("");
            if token.trim_start_matches("Bot ") != shared.token {
                state.problem("gateway: IDENTIFY with a wrong token".to_owned());
                close(&state.gateway, connection, 4004, "Authentication failed.");
            } else if d["intents"].as_u64().is_none() {
                state.problem("gateway: IDENTIFY without intents".to_owned());
                close(&state.gateway, connection, 4013, "Invalid intent(s).");
            } else {
                match check_shard(&d["shard"], shared.options.shards) {
                    Ok(pair) => identify(&mut state, shared, connection, pair),
                    Err((code, reason, e)) => {
                        state.problem(format!("gateway: IDENTIFY with {e}"));
                        close(&state.gateway, connection, code, reason);
                    }
                }
            }
        }
        6 => resume(&mut state, shared, connection, &d),
        // Presence and voice updates, guild member requests: nothing to answer.
        3 | 4 | 8 => {}
        other => {
            state.problem(format!("gateway: the client sent unknown opcode {other}"));
            close(&state.gateway, connection, 4001, "Unknown opcode.");
        }
    }
    drop(state);
    shared.notify();
}

/// IDENTIFY's `shard` must be absent (one shard) or `[id, count]` with `id < count` and the
/// count `GET /gateway/bot` recommends (`shards`): too few is refused as Discord refuses a
/// session with too many guilds (4011), any other count or id as an invalid shard (4010).
/// Returns `[id, count]`.
fn check_shard(shard: &Value, shards: u64) -> Result<[u64; 2], (u16, &'static str, String)> {
    let invalid = |why: String| (4010, "Invalid shard.", why);
    let pair = if shard.is_null() {
        Some(vec![Some(0), Some(1)])
    } else {
        shard
            .as_array()
            .map(|a| a.iter().map(Value::as_u64).collect::<Vec<_>>())
    };
    match pair.as_deref() {
        Some([Some(_), Some(count)]) if *count < shards => Err((
            4011,
            "Sharding required.",
            format!("shard {shard}: {count} shards where /gateway/bot recommends {shards}"),
        )),
        Some([Some(_), Some(count)]) if *count != shards => Err(invalid(format!(
            "shard {shard}: {count} shards where /gateway/bot recommends {shards}"
        ))),
        Some([Some(id), Some(count)]) if id < count => Ok([*id, *count]),
        _ => Err(invalid(format!(
            "shard {shard}, not [id, count] with id < count"
        ))),
    }
}

fn close(gateway: &super::state::GatewayState, connection: u64, code: u16, reason: &str) {
    if let Some(c) = gateway.connection(connection) {
        let _ = c.tx.send(Outgoing::Close(code, reason.to_owned()));
    }
}

fn identify(state: &mut super::state::State, shared: &Shared, connection: u64, pair: [u64; 2]) {
    let Some(current) = state.gateway.connection(connection) else {
        return;
    };
    if current.live {
        state.problem("gateway: IDENTIFY on an identified connection".to_owned());
        close(&state.gateway, connection, 4005, "Already authenticated.");
        return;
    }
    let [id, count] = pair;
    state.gateway.shard_count = count;
    state.gateway.claim_shard(connection, id);
    if let Some(current) = state.gateway.connection_mut(connection) {
        current.live = true;
    }
    let session_id = format!("{:032x}", state.ids.next());
    state.gateway.sessions.insert(
        id,
        Session {
            id: session_id.clone(),
            seq: 0,
            history: Vec::new(),
        },
    );
    let guilds: Vec<u64> = state
        .world
        .guilds()
        .into_iter()
        .filter(|g| state.gateway.shard_of(Some(*g)) == id)
        .collect();
    let ready = model::ready(
        &state.world,
        &session_id,
        &shared.gateway_url,
        pair,
        &guilds,
    );
    state.gateway.dispatch_to_shard(id, "READY", ready);
    for guild in guilds {
        let create = model::guild_create_for(&state.world, guild);
        if let Some(e) = super::dispatch_error("GUILD_CREATE", &create) {
            state.problem(e);
        } else {
            state.gateway.dispatch_to_shard(id, "GUILD_CREATE", create);
        }
    }
}

fn resume(state: &mut super::state::State, shared: &Shared, connection: u64, d: &Value) {
    let token_ok = d["token"]
        .as_str()
        .is_some_and(|t| t.trim_start_matches("Bot ") == shared.token);
    let session_shard = state
        .gateway
        .sessions
        .iter()
        .find(|(_, s)| d["session_id"] == s.id.as_str())
        .map(|(id, _)| *id);
    let Some(current) = state.gateway.connection(connection) else {
        return;
    };
    let Some(shard_id) = session_shard.filter(|_| token_ok) else {
        // Not resumable: the client must identify again.
        let _ = current
            .tx
            .send(Outgoing::Text(json!({ "op": 9, "d": false }).to_string()));
        return;
    };
    state.gateway.claim_shard(connection, shard_id);
    let gateway = &mut state.gateway;
    let after = d["seq"].as_u64().unwrap_or(0);
    if let (Some(current), Some(session)) = (
        gateway.open.iter_mut().find(|c| c.id == connection),
        gateway.sessions.get(&shard_id),
    ) {
        current.live = true;
        for (_, frame) in session.history.iter().filter(|(seq, _)| *seq > after) {
            let _ = current.tx.send(Outgoing::Text(frame.clone()));
        }
    }
    state.gateway.dispatch_to_shard(
        shard_id,
        "RESUMED",
        json!({ "_trace": ["[\"standin-gateway\",{\"micros\":0}]"] }),
    );
}
