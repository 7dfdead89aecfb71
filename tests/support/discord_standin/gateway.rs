//! The gateway: one WebSocket connection at a time, speaking JSON text frames.
//!
//! HELLO on connect; IDENTIFY starts a session (READY, then GUILD_CREATE); RESUME replays the
//! session's dispatches after the client's sequence number, then RESUMED; heartbeats get ACKs.

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
        // A new connection replaces the old one, as a reconnecting client's does on Discord.
        state.gateway.connection = Some(Connection {
            id,
            tx,
            live: false,
        });
        id
    };
    shared.notify();
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
    let mut state = shared.lock();
    if state
        .gateway
        .connection
        .as_ref()
        .is_some_and(|c| c.id == id)
    {
        state.gateway.connection = None;
    }
    drop(state);
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
            let token = d["token"].as_str().unwrap_or("");
            if token.trim_start_matches("Bot ") != shared.token {
                state.problem("gateway: IDENTIFY with a wrong token".to_owned());
                close(&state.gateway, connection, 4004, "Authentication failed.");
            } else if d["intents"].as_u64().is_none() {
                state.problem("gateway: IDENTIFY without intents".to_owned());
                close(&state.gateway, connection, 4013, "Invalid intent(s).");
            } else if let Err(e) = check_shard(&d["shard"]) {
                state.problem(format!("gateway: IDENTIFY with {e}"));
                close(&state.gateway, connection, 4010, "Invalid shard.");
            } else {
                identify(&mut state, shared, connection);
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

/// The shard count `GET /gateway/bot` recommends.
const SHARDS: u64 = 1;

/// IDENTIFY's `shard` must be absent or `[id, count]` with the recommended count.
fn check_shard(shard: &Value) -> Result<(), String> {
    if shard.is_null() {
        return Ok(());
    }
    let pair = shard
        .as_array()
        .map(|a| a.iter().map(Value::as_u64).collect::<Vec<_>>());
    match pair.as_deref() {
        Some([Some(id), Some(count)]) if *count == SHARDS && id < count => Ok(()),
        Some([Some(_), Some(count)]) if *count != SHARDS => Err(format!(
            "shard {shard}: {count} shards where /gateway/bot recommends {SHARDS}"
        )),
        _ => Err(format!("shard {shard}, not [id, count] with id < count")),
    }
}

fn close(gateway: &super::state::GatewayState, connection: u64, code: u16, reason: &str) {
    if let Some(c) = gateway.connection.as_ref().filter(|c| c.id == connection) {
        let _ = c.tx.send(Outgoing::Close(code, reason.to_owned()));
    }
}

fn identify(state: &mut super::state::State, shared: &Shared, connection: u64) {
    let Some(current) = state
        .gateway
        .connection
        .as_mut()
        .filter(|c| c.id == connection)
    else {
        return;
    };
    if current.live {
        state.problem("gateway: IDENTIFY on an identified connection".to_owned());
        close(&state.gateway, connection, 4005, "Already authenticated.");
        return;
    }
    current.live = true;
    let session_id = format!("{:032x}", state.ids.next());
    state.gateway.session = Some(Session {
        id: session_id.clone(),
        seq: 0,
        history: Vec::new(),
    });
    let ready = model::ready(&state.world, &session_id, &shared.gateway_url);
    let guild = model::guild_create(&state.world);
    state.gateway.dispatch("READY", ready);
    state.dispatch_checked("GUILD_CREATE", guild);
}

fn resume(state: &mut super::state::State, shared: &Shared, connection: u64, d: &Value) {
    let token_ok = d["token"]
        .as_str()
        .is_some_and(|t| t.trim_start_matches("Bot ") == shared.token);
    let session_ok = state
        .gateway
        .session
        .as_ref()
        .is_some_and(|s| d["session_id"] == s.id.as_str());
    let Some(current) = state
        .gateway
        .connection
        .as_mut()
        .filter(|c| c.id == connection)
    else {
        return;
    };
    if !token_ok || !session_ok {
        // Not resumable: the client must identify again.
        let _ = current
            .tx
            .send(Outgoing::Text(json!({ "op": 9, "d": false }).to_string()));
        return;
    }
    current.live = true;
    let after = d["seq"].as_u64().unwrap_or(0);
    if let Some(session) = &state.gateway.session {
        for (_, frame) in session.history.iter().filter(|(seq, _)| *seq > after) {
            let _ = current.tx.send(Outgoing::Text(frame.clone()));
        }
    }
    state.gateway.dispatch(
        "RESUMED",
        json!({ "_trace": ["[\"standin-gateway\",{\"micros\":0}]"] }),
    );
}
