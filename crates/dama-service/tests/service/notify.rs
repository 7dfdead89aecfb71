//! Notifications, end to end on a real SQLite store with a clock the tests move by hand: each
//! person's choice for their turn (a mention, a direct message, neither), reminders at half and
//! ninety per cent of the time per move and never twice, the board edited when the time is out,
//! direct messages that fail falling back to mentions, and the result where it is awaited.

use std::sync::Arc;
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::{ChannelId, Game, MessageRef, NewGame, NotifyMode, Participant, Store};
use dama_rules::Position;
use dama_service::{Action, Actor, Notice, Origin, Reply, ServiceSettings, SettingsChange};

use crate::world::{World, ids, settings, world_prepared};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const THREAD: u64 = 900;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const HOUR: u64 = 3600;
const DAY_MS: i64 = 24 * 3600 * 1000;

/// A world whose server chose `language` for its public messages (`None`: nothing chosen).
fn world_in(language: Option<Language>) -> World {
    let settings = ServiceSettings {
        think_time: Duration::from_millis(20),
        ..settings()
    };
    world_prepared(settings, |store| {
        if language.is_some() {
            store.set_server_language(GUILD, language).unwrap();
        }
    })
}

fn world() -> World {
    world_in(None)
}

fn actor_in(user: u64, channel: ChannelId, language: Language) -> Actor {
    Actor::new(
        user,
        if user == ALICE { "alice" } else { "bob" },
        GUILD,
        channel,
    )
    .language(language)
    .can_open_threads(false)
}

fn actor(user: u64) -> Actor {
    actor_in(user, CHANNEL, Language::En)
}

/// Alice (White) against Bob (Black), stored directly; in a thread of the channel when
/// `thread`.
fn game(w: &World, time_per_move_ms: i64, thread: bool) -> Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    let game = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: thread,
            language: None,
        })
        .unwrap();
    if thread {
        store.set_game_thread(game.id, THREAD).unwrap()
    } else {
        game
    }
}

fn choose(w: &World, who: &Actor, mode: NotifyMode) -> Reply {
    let change = SettingsChange {
        notify: Some(mode),
        ..SettingsChange::default()
    };
    w.service
        .act(who, Origin::Channel, Action::Settings(change))
        .unwrap()
}

fn act(w: &World, who: &Actor, action: Action) -> Reply {
    let reply = w.service.act(who, Origin::Channel, action).unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    crate::world::posted(&w.service, reply)
}

fn play(w: &World, who: &Actor, text: &str) -> Reply {
    act(
        w,
        who,
        Action::Move {
            text: text.to_owned(),
        },
    )
}

/// Plays the first legal move in the game `who` plays in their channel.
fn play_any(w: &World, who: &Actor) -> Reply {
    let game = w
        .service
        .store()
        .active_game_in_channel(who.channel)
        .unwrap()
        .expect("an active game");
    let position = Position::from_fen(&game.current_fen).unwrap();
    let m = position.legal_moves()[0];
    play(w, who, &position.move_text(&m))
}

fn texts(notices: &[Notice]) -> Vec<String> {
    notices.iter().map(|n| n.reply.text.to_string()).collect()
}

fn assert_clean(text: &str) {
    assert!(
        !text.contains("{$") && !text.contains("{ $") && !text.contains("notify-"),
        "{text}"
    );
}

#[test]
fn each_choice_tells_the_player_to_move_its_own_way() {
    for mode in [NotifyMode::Ping, NotifyMode::Dm, NotifyMode::Off] {
        let w = world();
        let g = game(&w, DAY_MS, false);
        let answer = choose(&w, &actor(BOB), mode);
        assert!(answer.ephemeral, "{}", answer.text);
        assert!(
            answer.text.to_string().starts_with("From now on I"),
            "{mode:?}: {}",
            answer.text
        );
        let reply = play(&w, &actor(ALICE), "22-18");
        let deadline = format!("[t:{}]", (w.service.now() + DAY_MS) / 1000);
        assert!(
            reply.text.to_string().starts_with(&format!(
                "alice played **22-18** — your move, due {deadline}."
            )),
            "{mode:?}: {}",
            reply.text
        );
        assert!(
            reply
                .text
                .contains(&format!("24 h per move, due {deadline}")),
            "{}",
            reply.text
        );
        match mode {
            NotifyMode::Ping => {
                assert_eq!(reply.mentions, [BOB]);
                assert!(reply.text.contains("@12 (black) to move"), "{}", reply.text);
                assert!(reply.notices.is_empty(), "{:?}", reply.notices);
            }
            NotifyMode::Dm => {
                assert!(reply.mentions.is_empty(), "{:?}", reply.mentions);
                assert!(reply.text.contains("bob (black) to move"), "{}", reply.text);
                assert!(!reply.text.contains("@12"), "{}", reply.text);
                assert_eq!(reply.notices.len(), 1, "{:?}", reply.notices);
                let dm = &reply.notices[0];
                assert_eq!(dm.direct, Some(BOB));
                assert_eq!((dm.guild, dm.channel), (GUILD, CHANNEL));
                assert_eq!(
                    dm.reply.text,
                    format!(
                        "**Game #{}** against alice: alice played **22-18** — your move, due \
                         {deadline}. [game #{}]",
                        g.id.0, g.id.0
                    )
                );
                // Once the board message is known, the message links to it.
                w.service
                    .set_board_message(
                        g.id,
                        MessageRef {
                            channel: CHANNEL,
                            message: 500,
                        },
                    )
                    .unwrap();
                play_any(&w, &actor(BOB));
                let reply = play_any(&w, &actor(ALICE));
                assert!(
                    reply.notices[0]
                        .reply
                        .text
                        .to_string()
                        .ends_with("[game #1]"),
                    "{}",
                    reply.notices[0].reply.text
                );
            }
            NotifyMode::Off => {
                assert!(reply.mentions.is_empty(), "{:?}", reply.mentions);
                assert!(reply.text.contains("bob (black) to move"), "{}", reply.text);
                assert!(!reply.text.contains("@12"), "{}", reply.text);
                assert!(reply.notices.is_empty(), "{:?}", reply.notices);
            }
        }
    }
}

#[test]
fn the_choice_is_kept_and_said_for_what_it_gives() {
    let w = world();
    let text = |mode| choose(&w, &actor(ALICE), mode).text;
    assert!(text(NotifyMode::Dm).contains("direct messages: your turn"));
    assert!(text(NotifyMode::Off).contains("no mentions, no direct messages"));
    assert!(text(NotifyMode::Ping).contains("mention you in the game's thread"));
    assert_eq!(
        w.service.store().notify_mode(ALICE).unwrap(),
        NotifyMode::Ping
    );
    choose(&w, &actor(ALICE), NotifyMode::Dm);
    assert_eq!(
        w.service.store().notify_mode(ALICE).unwrap(),
        NotifyMode::Dm
    );
}

#[test]
fn against_the_engine_no_message_for_the_reply_in_sight_but_one_for_a_resumed_move() {
    let w = world();
    let store = w.service.store();
    store
        .ensure_player(GUILD, ALICE, "alice", w.service.now())
        .unwrap();
    choose(&w, &actor(ALICE), NotifyMode::Dm);
    let g = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::Engine(1),
            time_per_move_ms: DAY_MS,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: w.service.now(),
            in_thread: false,
            language: None,
        })
        .unwrap();
    let reply = play(&w, &actor(ALICE), "22-18");
    assert!(
        reply.text.contains("— your move, due [t:"),
        "{}",
        reply.text
    );
    assert!(reply.notices.is_empty(), "{:?}", reply.notices);
    // Alice's next move is stored, and the process stops before the engine replies.
    let g = store.game(g.id).unwrap().unwrap();
    let mut position = Position::from_fen(&g.current_fen).unwrap();
    let m = position.legal_moves()[0];
    position.play_unchecked(&m);
    store
        .record_move(g.id, g.ply, &m.long(), &position.to_fen(), w.service.now())
        .unwrap();
    let notices = w.service.resume_engine_games().unwrap();
    let dms: Vec<&Notice> = notices.iter().filter(|n| n.direct.is_some()).collect();
    assert_eq!(dms.len(), 1, "{:?}", texts(&notices));
    assert_eq!(dms[0].direct, Some(ALICE));
    assert!(
        dms[0].reply.text.contains("against Dama") && dms[0].reply.text.contains("your move"),
        "{}",
        dms[0].reply.text
    );
}

#[test]
fn reminders_come_at_half_and_ninety_per_cent_once_each() {
    let w = world();
    let g = game(&w, DAY_MS, false);
    w.clock.advance(Duration::from_secs(11 * HOUR));
    assert!(w.service.sweep().unwrap().is_empty(), "not half yet");
    w.clock.advance(Duration::from_secs(HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(texts(&notices).len(), 1, "{:?}", texts(&notices));
    let deadline = format!("[t:{}]", (g.created_at + DAY_MS) / 1000);
    assert_eq!(
        notices[0].reply.text,
        format!(
            "@11, 12 h left to move in **game #{}** against bob, due {deadline}.",
            g.id.0
        )
    );
    assert_eq!(notices[0].reply.mentions, [ALICE]);
    assert_eq!(notices[0].channel, CHANNEL);
    assert_eq!(notices[0].direct, None);
    assert!(w.service.sweep().unwrap().is_empty(), "never twice");
    // Ninety per cent: 2 h 24 min left.
    w.clock.advance(Duration::from_secs(9 * HOUR + 36 * 60 - 1));
    assert!(w.service.sweep().unwrap().is_empty(), "not ninety yet");
    w.clock.advance(Duration::from_secs(1));
    let notices = w.service.sweep().unwrap();
    assert_eq!(texts(&notices).len(), 1, "{:?}", texts(&notices));
    assert!(
        notices[0].reply.text.contains("2 h 24 min left to move"),
        "{}",
        notices[0].reply.text
    );
    assert!(w.service.sweep().unwrap().is_empty(), "never twice");
    // A move starts Bob's time: his reminders are his own.
    choose(&w, &actor(BOB), NotifyMode::Dm);
    play(&w, &actor(ALICE), "22-18");
    w.clock.advance(Duration::from_secs(11 * HOUR));
    assert!(w.service.sweep().unwrap().is_empty(), "Bob's time is fresh");
    w.clock.advance(Duration::from_secs(HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(texts(&notices).len(), 1, "{:?}", texts(&notices));
    assert_eq!(notices[0].direct, Some(BOB));
    assert!(notices[0].reply.mentions.is_empty());
    assert!(
        notices[0].reply.text.to_string().starts_with(&format!(
            "12 h left to move in **game #{}** against alice",
            g.id.0
        )),
        "{}",
        notices[0].reply.text
    );
}

#[test]
fn a_sweep_past_ninety_per_cent_sends_only_that_reminder() {
    let w = world();
    game(&w, DAY_MS, false);
    w.clock.advance(Duration::from_secs(23 * HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(
        texts(&notices),
        ["@11, 1 h left to move in **game #1** against bob, due [t:1796086400]."]
    );
    assert!(
        w.service.sweep().unwrap().is_empty(),
        "the half one is not sent late"
    );
}

#[test]
fn reminders_follow_each_choice_and_off_gets_none() {
    let w = world();
    game(&w, DAY_MS, false);
    choose(&w, &actor(ALICE), NotifyMode::Off);
    w.clock.advance(Duration::from_secs(23 * HOUR));
    assert!(w.service.sweep().unwrap().is_empty());
}

#[test]
fn when_the_time_is_out_the_board_shows_claim_and_the_opponent_is_told() {
    let w = world();
    let g = game(&w, DAY_MS, false);
    let board = MessageRef {
        channel: CHANNEL,
        message: 500,
    };
    w.service.set_board_message(g.id, board).unwrap();
    choose(&w, &actor(BOB), NotifyMode::Dm);
    w.clock.advance(Duration::from_secs(25 * HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 2, "{:?}", texts(&notices));
    let edit = &notices[0];
    assert_eq!(edit.edit, Some(board), "the board message is edited");
    assert!(
        ids(&edit.reply).iter().any(|id| id.ends_with(":claim")),
        "{:?}",
        ids(&edit.reply)
    );
    assert!(
        edit.reply
            .text
            .to_string()
            .starts_with("alice's time to move is up: bob can claim the win.")
    );
    assert!(edit.reply.mentions.is_empty(), "{:?}", edit.reply.mentions);
    assert!(edit.reply.board.is_some());
    let claim = &notices[1];
    assert_eq!(claim.direct, Some(BOB));
    assert_eq!(
        claim.reply.text,
        format!(
            "alice's time is up in **game #{}**: you can claim the win now with `/claim` or the \
             **Claim win** button. [game #{}]",
            g.id.0, g.id.0
        )
    );
    assert!(w.service.sweep().unwrap().is_empty(), "never twice");
    // Bob claims from the edited board.
    let id = ids(&edit.reply)
        .into_iter()
        .find(|id| id.ends_with(":claim"))
        .unwrap();
    let reply = w.service.component(&actor(BOB), &id, &[]).unwrap();
    assert!(
        reply.text.contains("**bob wins** on time"),
        "{}",
        reply.text
    );
}

#[test]
fn the_claim_word_pings_an_opponent_who_chose_mentions() {
    let w = world();
    let g = game(&w, DAY_MS, false);
    w.clock.advance(Duration::from_secs(25 * HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 2, "{:?}", texts(&notices));
    assert_eq!(notices[0].edit, None, "no board message known: posted anew");
    assert_eq!(notices[1].direct, None);
    assert_eq!(notices[1].reply.mentions, [BOB]);
    assert!(
        notices[1].reply.text.to_string().starts_with(&format!(
            "@12, alice's time is up in **game #{}**: you can claim the win now",
            g.id.0
        )),
        "{}",
        notices[1].reply.text
    );
}

#[test]
fn a_failed_direct_message_turns_the_next_ones_into_mentions_for_a_day() {
    let w = world();
    game(&w, DAY_MS / 2, false);
    choose(&w, &actor(BOB), NotifyMode::Dm);
    let reply = play(&w, &actor(ALICE), "22-18");
    assert_eq!(reply.notices[0].direct, Some(BOB));
    w.service.direct_failed(BOB);
    play_any(&w, &actor(BOB));
    let reply = play_any(&w, &actor(ALICE));
    assert!(reply.notices.is_empty(), "{:?}", reply.notices);
    assert_eq!(reply.mentions, [BOB]);
    assert!(reply.text.contains("@12 (black) to move"), "{}", reply.text);
    // The reminders come as mentions too.
    w.clock.advance(Duration::from_secs(6 * HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1, "{:?}", texts(&notices));
    assert_eq!(notices[0].direct, None);
    assert_eq!(notices[0].reply.mentions, [BOB]);
    assert!(
        notices[0]
            .reply
            .text
            .to_string()
            .starts_with("@12, 6 h left"),
        "{}",
        notices[0].reply.text
    );
    // A day after the failure, direct messages are tried again.
    w.clock.advance(Duration::from_secs(18 * HOUR + 1));
    play_any(&w, &actor(BOB));
    let reply = play_any(&w, &actor(ALICE));
    assert_eq!(reply.notices.len(), 1, "{:?}", reply.notices);
    assert_eq!(reply.notices[0].direct, Some(BOB));
    assert!(reply.mentions.is_empty());
}

#[test]
fn a_game_in_a_thread_ends_with_a_line_in_its_channel_and_direct_messages() {
    let w = world();
    let g = game(&w, DAY_MS, true);
    choose(&w, &actor(ALICE), NotifyMode::Dm);
    choose(&w, &actor(BOB), NotifyMode::Dm);
    let in_thread = |user| actor_in(user, THREAD, Language::En);
    play(&w, &in_thread(ALICE), "22-18");
    let reply = act(&w, &in_thread(BOB), Action::Resign);
    assert_eq!(reply.archive, Some(THREAD));
    assert!(reply.mentions.is_empty(), "{:?}", reply.mentions);
    let line = format!("Game #{}: alice beat bob by resignation.", g.id.0);
    let parent: Vec<&Notice> = reply
        .notices
        .iter()
        .filter(|n| n.direct.is_none())
        .collect();
    assert_eq!(parent.len(), 1, "{:?}", texts(&reply.notices));
    assert_eq!(parent[0].channel, CHANNEL);
    assert_eq!(parent[0].reply.text, line);
    assert!(parent[0].reply.mentions.is_empty());
    // Alice hears the result by direct message; Bob, who resigned, is looking at it.
    let dms: Vec<&Notice> = reply
        .notices
        .iter()
        .filter(|n| n.direct.is_some())
        .collect();
    assert_eq!(dms.len(), 1, "{:?}", texts(&reply.notices));
    assert_eq!(dms[0].direct, Some(ALICE));
    assert_eq!(dms[0].channel, THREAD);
    assert_eq!(dms[0].reply.text, format!("{line} [game #1]"));
}

#[test]
fn a_game_in_a_channel_ends_without_a_line_elsewhere() {
    let w = world();
    game(&w, DAY_MS, false);
    let reply = act(&w, &actor(BOB), Action::Resign);
    assert_eq!(reply.archive, None);
    assert!(reply.notices.is_empty(), "{:?}", reply.notices);
    assert_eq!(
        reply.mentions,
        [ALICE],
        "the winner is pinged, as she chose"
    );
}

#[test]
fn a_forfeit_in_a_thread_goes_to_the_thread_with_the_line_in_the_channel() {
    let w = world();
    let g = game(&w, DAY_MS, true);
    w.clock.advance(Duration::from_secs(25 * HOUR));
    assert_eq!(
        w.service.sweep().unwrap().len(),
        2,
        "the time-out board and word"
    );
    w.clock.advance(Duration::from_secs(24 * HOUR));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 2, "{:?}", texts(&notices));
    assert_eq!(notices[0].channel, THREAD);
    assert!(
        notices[0].reply.text.contains("forfeit"),
        "{}",
        notices[0].reply.text
    );
    assert_eq!(notices[0].reply.archive, Some(THREAD));
    assert_eq!(notices[1].channel, CHANNEL);
    assert_eq!(
        notices[1].reply.text,
        format!("Game #{}: bob beat alice on time.", g.id.0)
    );
}

#[test]
fn notifications_read_in_italian_and_spanish() {
    struct Phrases {
        language: Language,
        chosen: &'static str,
        turn: &'static str,
        dm: &'static str,
        reminder: &'static str,
        claim: &'static str,
        result: &'static str,
    }
    let cases = [
        Phrases {
            language: Language::It,
            chosen: "D'ora in poi ti scrivo in privato",
            turn: "alice ha giocato **22-18** — tocca a te, scade [t:",
            dm: "**Partita #1** contro alice: alice ha giocato **22-18** — tocca a te",
            reminder: "Tempo per muovere nella **partita #1** contro alice: 12 ore",
            claim: "ora puoi reclamare la vittoria con `/reclama`",
            result: "Partita #1: bob ha battuto alice per abbandono.",
        },
        Phrases {
            language: Language::Es,
            chosen: "A partir de ahora te escribo por mensaje directo",
            turn: "alice jugó **22-18**: te toca, vence [t:",
            dm: "**Partida #1** contra alice: alice jugó **22-18**: te toca",
            reminder: "Tiempo para jugar en la **partida #1** contra alice: 12 h",
            claim: "ya puedes reclamar la victoria con `/reclamar`",
            result: "Partida #1: bob le ganó a alice por abandono.",
        },
    ];
    for case in cases {
        let l = case.language;
        let w = world_in(Some(l));
        game(&w, DAY_MS, true);
        let in_thread = |user| actor_in(user, THREAD, l);
        let chosen = choose(&w, &in_thread(BOB), NotifyMode::Dm);
        assert!(
            chosen.text.to_string().starts_with(case.chosen),
            "{}",
            chosen.text
        );
        let reply = play(&w, &in_thread(ALICE), "22-18");
        assert!(
            reply.text.to_string().starts_with(case.turn),
            "{}",
            reply.text
        );
        assert!(
            reply.notices[0].reply.text.to_string().starts_with(case.dm),
            "{}",
            reply.notices[0].reply.text
        );
        w.clock.advance(Duration::from_secs(12 * HOUR));
        let notices = w.service.sweep().unwrap();
        assert!(
            notices[0].reply.text.to_string().starts_with(case.reminder),
            "{}",
            notices[0].reply.text
        );
        // Bob runs out of time; Alice, who chose mentions, hears she can claim.
        w.clock.advance(Duration::from_secs(13 * HOUR));
        let notices = w.service.sweep().unwrap();
        assert!(
            notices[1].reply.text.contains(case.claim),
            "{}",
            notices[1].reply.text
        );
        let reply = act(&w, &in_thread(ALICE), Action::Resign);
        let line = reply.notices[0].reply.text.to_string();
        assert!(line.starts_with(case.result), "{line}");
        for text in [&chosen.text, &reply.text]
            .into_iter()
            .chain(reply.notices.iter().map(|n| &n.reply.text))
            .chain(notices.iter().map(|n| &n.reply.text))
        {
            assert_clean(&text.to_string());
        }
    }
}

#[test]
fn two_sweeps_at_once_send_each_reminder_once() {
    let w = Arc::new(world());
    game(&w, DAY_MS, false);
    w.clock.advance(Duration::from_secs(12 * HOUR));
    let sweeps: Vec<_> = (0..4)
        .map(|_| {
            let w = Arc::clone(&w);
            std::thread::spawn(move || w.service.sweep().unwrap().len())
        })
        .collect();
    let sent: usize = sweeps.into_iter().map(|s| s.join().unwrap()).sum();
    assert_eq!(sent, 1, "four sweeps at once, one reminder");
}
