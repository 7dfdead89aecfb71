//! Starting games on a living server, end to end on a real SQLite store with a clock the tests
//! move by hand: a thread per game and the fallback to the channel, open challenges and
//! `/accept from`, expiries that fit the time control, idle engine games, server settings.

use std::time::Duration;

use damabot::game::{
    Action, Actor, CHALLENGE_COOLDOWN, ColourChoice, Component, Member, Origin, Reply,
    ServiceSettings, SettingsChange, Suggestions,
};
use damabot::i18n::Language;
use damabot::store::{AbortReason, GameId, GameStatus, MessageRef, Participant};

mod service_world;

use service_world::{START, World, ids, settings, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const OTHER_CHANNEL: u64 = 200;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;
const DAVE: u64 = 14;
const ADMIN: u64 = 15;

/// Challenges open as long as their time control says.
fn world() -> World {
    world_with(ServiceSettings {
        challenge_expiry: None,
        ..settings()
    })
}

/// A member in the channel, where the bot may open threads.
fn actor(user: u64) -> Actor {
    let name = match user {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        DAVE => "dave",
        ADMIN => "admin",
        _ => "someone",
    };
    Actor {
        user,
        name: name.into(),
        guild: GUILD,
        channel: CHANNEL,
        can_moderate: false,
        can_manage_server: user == ADMIN,
        language: Language::En,
        guild_language: None,
        can_open_threads: true,
    }
}

/// The same member where the bot may not open threads.
fn without_threads(user: u64) -> Actor {
    Actor {
        can_open_threads: false,
        ..actor(user)
    }
}

/// The member in another channel or thread (where no thread can be opened).
fn in_channel(user: u64, channel: u64) -> Actor {
    Actor {
        channel,
        can_open_threads: false,
        ..actor(user)
    }
}

/// The member reading their own Discord in `language` (the server's language unknown).
fn reading(actor: Actor, language: Language) -> Actor {
    Actor { language, ..actor }
}

fn speaking(actor: Actor, language: Language) -> Actor {
    Actor {
        language,
        guild_language: Some(language),
        ..actor
    }
}

fn member(user: u64) -> Member {
    let a = actor(user);
    Member {
        user: a.user,
        name: a.name,
        is_bot: false,
    }
}

fn id_ending(reply: &Reply, suffix: &str) -> String {
    ids(reply)
        .into_iter()
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {:?}: {}", ids(reply), reply.text))
}

/// No placeholder or message id shows through in a reply.
fn assert_finished_text(reply: &Reply) {
    let labels = reply.components.iter().flatten().filter_map(|c| match c {
        Component::Button { label, .. } => Some(label.clone()),
        Component::Select { .. } => None,
    });
    for text in std::iter::once(reply.text.clone()).chain(labels) {
        assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
        for message in damabot::i18n::Text::ALL {
            let id = message.id();
            assert!(!(id.contains('-') && text.contains(id)), "{id} in {text}");
        }
    }
}

fn act(w: &World, actor: &Actor, origin: Origin, action: Action) -> Reply {
    let reply = w.service.act(actor, origin, action).unwrap();
    assert_finished_text(&reply);
    reply
}

fn click(w: &World, actor: &Actor, id: &str) -> Reply {
    let reply = w.service.component(actor, id, &[]).unwrap();
    assert_finished_text(&reply);
    reply
}

/// A challenge from `from` to `to` (open to anyone for `None`), past any cooldown.
fn challenge(w: &World, from: &Actor, to: Option<u64>, time: Option<Duration>) -> Reply {
    w.clock.advance(CHALLENGE_COOLDOWN);
    act(
        w,
        from,
        Origin::Channel,
        Action::Challenge {
            opponent: to.map(member),
            colour: ColourChoice::White,
            time_per_move: time,
        },
    )
}

/// `from` challenges `to` (White) and `to` accepts by the button: the accept's answer.
fn start(w: &World, from: &Actor, to: &Actor) -> Reply {
    let challenge = challenge(w, from, Some(to.user), None);
    assert!(!challenge.ephemeral, "{}", challenge.text);
    click(w, to, &id_ending(&challenge, ":accept"))
}

fn play(w: &World, actor: &Actor, text: &str) -> Reply {
    act(
        w,
        actor,
        Origin::Channel,
        Action::Move {
            text: text.to_owned(),
        },
    )
}

fn game(w: &World, id: i64) -> damabot::store::Game {
    w.service.store().game(GameId(id)).unwrap().unwrap()
}

fn settings_change(w: &World, actor: &Actor, change: SettingsChange) -> Reply {
    act(w, actor, Origin::Channel, Action::Settings(change))
}

#[test]
fn two_games_in_two_threads_of_one_channel() {
    let w = world();
    let first = start(&w, &actor(ALICE), &actor(BOB));
    assert!(!first.ephemeral);
    assert!(first.board.is_none(), "the board goes in the thread");
    assert_eq!(
        first.text,
        "Game #1 starts: alice (White) – bob (Black), in the thread below."
    );
    let thread = first.thread.clone().expect("a thread to open");
    assert_eq!(thread.game, GameId(1));
    assert_eq!(thread.name, "Dama #1 · alice – bob");

    // The channel has no game of its own: another pair starts theirs at once.
    let second = start(&w, &actor(CAROL), &actor(DAVE));
    let thread2 = second.thread.clone().expect("a second thread");
    assert_eq!(thread2.name, "Dama #2 · carol – dave");
    assert!(
        w.service
            .store()
            .active_game_in_channel(CHANNEL)
            .unwrap()
            .is_none()
    );

    let board = w.service.thread_opened(GameId(1), 1001).unwrap();
    assert_finished_text(&board);
    assert!(board.board.is_some());
    assert_eq!(board.game, Some(GameId(1)));
    assert!(
        board
            .text
            .starts_with("<@11> plays White, <@12> plays Black. White moves first."),
        "{}",
        board.text
    );
    assert!(board.mentions.contains(&ALICE) && board.mentions.contains(&BOB));
    let board2 = w.service.thread_opened(GameId(2), 1002).unwrap();
    assert!(board2.text.contains("<@13> plays White, <@14> plays Black"));
    assert_eq!(game(&w, 1).thread, Some(1001));
    assert_eq!(game(&w, 2).place(), 1002);

    // Each game is played in its thread by its own players.
    let played = play(&w, &in_channel(ALICE, 1001), "22-18");
    assert!(!played.ephemeral, "{}", played.text);
    let played = play(&w, &in_channel(CAROL, 1002), "21-17");
    assert!(!played.ephemeral, "{}", played.text);
    let refused = play(&w, &in_channel(ALICE, 1002), "10-14");
    assert!(refused.ephemeral);
    assert!(refused.text.contains("not playing"), "{}", refused.text);
    assert_eq!((game(&w, 1).ply, game(&w, 2).ply), (1, 1));

    // In the parent channel, a typed move points to the thread; so does the autocomplete.
    let refused = play(&w, &actor(BOB), "10-14");
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "Your game #1 is played in <#1001>: play it there."
    );
    match w.service.suggestions(&actor(DAVE), "").unwrap() {
        Suggestions::Hint(hint) => assert_eq!(hint, "Your game #2 is played in its thread."),
        Suggestions::Moves(moves) => panic!("moves offered in the parent channel: {moves:?}"),
    }
    // A game's thread holds that game alone: a new one is started from the channel.
    let taken = act(
        &w,
        &in_channel(ADMIN, 1001),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::White,
        },
    );
    assert!(taken.ephemeral);
    assert_eq!(
        taken.text,
        format!("This thread belongs to game #1: start yours in <#{CHANNEL}>.")
    );
    // Someone without a game here still hears there is none.
    let refused = play(&w, &actor(ADMIN), "22-18");
    assert!(
        refused.text.contains("There is no game"),
        "{}",
        refused.text
    );
}

#[test]
fn threads_speak_the_servers_language_and_fit_their_names() {
    let w = world();
    let it = start(
        &w,
        &speaking(actor(ALICE), Language::It),
        &speaking(actor(BOB), Language::It),
    );
    assert_eq!(
        it.text,
        "Inizia la partita #1: alice (Bianco) – bob (Nero), nel thread qui sotto."
    );
    let board = w.service.thread_opened(GameId(1), 1001).unwrap();
    assert_finished_text(&board);
    assert!(
        board.text.contains("<@11> ha il Bianco, <@12> il Nero."),
        "{}",
        board.text
    );

    let w = world();
    let long = "ñ".repeat(90);
    let carol = Actor {
        name: long.clone(),
        ..speaking(actor(CAROL), Language::Es)
    };
    let es = start(&w, &speaking(actor(DAVE), Language::Es), &carol);
    assert!(
        es.text.starts_with("Empieza la partida #1: dave (blancas)"),
        "{}",
        es.text
    );
    let name = es.thread.unwrap().name;
    assert!(name.chars().count() <= 100, "{name}");
    assert!(name.starts_with("Damas #1 · dave – ñññ"), "{name}");
    assert!(name.ends_with('…'), "{name}");
}

#[test]
fn a_thread_that_fails_falls_back_to_the_channel() {
    let w = world();
    start(&w, &actor(ALICE), &actor(BOB));
    let board = w.service.thread_failed(GameId(1)).unwrap();
    assert_finished_text(&board);
    assert!(board.board.is_some());
    assert!(
        board.text.contains(
            "I could not open a thread for this game, so it is played here. To give each game \
             its own thread, let me **Create Public Threads** and **Send Messages in Threads**"
        ),
        "{}",
        board.text
    );
    let fallen = game(&w, 1);
    assert!(!fallen.in_thread);
    assert_eq!(
        w.service
            .store()
            .active_game_in_channel(CHANNEL)
            .unwrap()
            .map(|g| g.id),
        Some(GameId(1))
    );
    assert!(!play(&w, &actor(ALICE), "22-18").ephemeral);

    // A second game whose thread fails while the channel is busy stays as it is, played from
    // its board's buttons.
    start(&w, &actor(CAROL), &actor(DAVE));
    let board = w.service.thread_failed(GameId(2)).unwrap();
    assert!(board.board.is_some());
    let waiting = game(&w, 2);
    assert!(waiting.in_thread && waiting.thread.is_none());
    assert_eq!(waiting.place(), CHANNEL);
    let menu = id_ending(&board, ":move");
    let played = w
        .service
        .component(&actor(CAROL), &menu, &["22-18".to_owned()])
        .unwrap();
    assert!(!played.ephemeral, "{}", played.text);
    assert_eq!(game(&w, 2).ply, 1);
    // Typed commands in the channel are about the channel's own game.
    let refused = play(&w, &actor(CAROL), "12-16");
    assert!(refused.text.contains("not playing"), "{}", refused.text);
}

#[test]
fn a_game_whose_thread_never_opened_is_played_from_the_channel() {
    let w = world();
    start(&w, &actor(ALICE), &actor(BOB));
    // The thread is neither opened nor reported failed (the adapter stopped in between).
    let played = play(&w, &actor(ALICE), "22-18");
    assert!(!played.ephemeral, "{}", played.text);
    assert_eq!(game(&w, 1).ply, 1);
    match w.service.suggestions(&actor(BOB), "10").unwrap() {
        Suggestions::Moves(moves) => assert!(!moves.is_empty()),
        Suggestions::Hint(hint) => panic!("{hint}"),
    }
}

#[test]
fn without_the_permission_one_game_per_channel_with_the_tip() {
    let w = world();
    let board = start(&w, &without_threads(ALICE), &without_threads(BOB));
    assert!(board.thread.is_none());
    assert!(board.board.is_some());
    assert!(
        board
            .text
            .contains("Tip: let me **Create Public Threads** and **Send Messages in Threads**"),
        "{}",
        board.text
    );
    assert_eq!(board.text.matches("Create Public Threads").count(), 1);
    assert!(!game(&w, 1).in_thread);
    let refused = challenge(&w, &without_threads(CAROL), Some(DAVE), None);
    assert!(refused.ephemeral);
    assert!(
        refused.text.contains("A game is running here (#1)"),
        "{}",
        refused.text
    );
    // The next board of the game says nothing more about threads.
    let played = play(&w, &without_threads(ALICE), "22-18");
    assert!(!played.text.contains("Threads"), "{}", played.text);

    let w = world();
    let it = start(
        &w,
        &speaking(without_threads(ALICE), Language::It),
        &speaking(without_threads(BOB), Language::It),
    );
    assert!(
        it.text
            .contains("**Creare thread pubblici** e **Inviare messaggi nei thread**"),
        "{}",
        it.text
    );
}

#[test]
fn an_open_challenge_is_for_anyone_but_its_author() {
    let w = world();
    let open = challenge(&w, &actor(ALICE), None, None);
    assert!(!open.ephemeral);
    assert!(open.mentions.is_empty(), "it mentions nobody");
    assert!(
        open.text.starts_with(
            "<@11> is looking for an opponent: a rated game of dama (<@11> plays White, 24 h \
             per move), open to anyone. It expires <t:"
        ),
        "{}",
        open.text
    );
    let accept = id_ending(&open, ":accept");
    let refused = click(&w, &actor(ALICE), &accept);
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "This is your own challenge: wait for someone to accept it, or withdraw it with Cancel."
    );
    let refused = click(&w, &actor(BOB), &id_ending(&open, ":decline"));
    assert!(refused.ephemeral);
    assert!(
        refused.text.starts_with(
            "This challenge is open to anyone: there is nothing to decline, just leave it."
        ),
        "{}",
        refused.text
    );
    // Only one challenge of one's own per channel, open or not.
    let refused = challenge(&w, &actor(ALICE), Some(BOB), None);
    assert!(
        refused
            .text
            .contains("You already have an open challenge here."),
        "{}",
        refused.text
    );

    let started = click(&w, &actor(CAROL), &accept);
    assert!(!started.ephemeral, "{}", started.text);
    assert!(started.thread.is_some());
    let record = game(&w, 1);
    assert_eq!(
        (record.white, record.black),
        (Participant::User(ALICE), Participant::User(CAROL))
    );
    assert!(record.rated);
    let refused = click(&w, &actor(BOB), &accept);
    assert!(
        refused.text.contains("already accepted"),
        "{}",
        refused.text
    );
}

#[test]
fn open_challenges_read_right_in_italian_and_spanish() {
    for (language, message, declined, cancelled) in [
        (
            Language::It,
            "<@11> cerca un avversario: una partita di dama valida per la classifica (<@11> ha il \
             Bianco, 24 ore per mossa), aperta a tutti. Scade <t:",
            "Questa sfida è aperta a tutti: non c'è niente da rifiutare",
            "alice ha ritirato la sua sfida aperta.",
        ),
        (
            Language::Es,
            "<@11> busca rival: una partida de damas puntuable (<@11> juega con blancas, 24 h \
             por jugada), abierta a cualquiera. Caduca <t:",
            "Este reto está abierto a cualquiera: no hay nada que rechazar",
            "alice ha retirado su reto abierto.",
        ),
    ] {
        let w = world();
        let alice = speaking(actor(ALICE), language);
        let open = challenge(&w, &alice, None, None);
        assert!(open.text.starts_with(message), "{}", open.text);
        let refused = click(
            &w,
            &speaking(actor(BOB), language),
            &id_ending(&open, ":decline"),
        );
        assert!(refused.text.starts_with(declined), "{}", refused.text);
        let gone = click(&w, &alice, &id_ending(&open, ":cancel"));
        assert_eq!(gone.text, cancelled);
        assert!(gone.mentions.is_empty());
    }
}

#[test]
fn accept_from_picks_among_open_challenges() {
    let w = world();
    challenge(&w, &actor(ALICE), None, None);
    challenge(&w, &actor(BOB), None, None);
    let refused = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::Accept { from: None },
    );
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "Several challenges are open for you here (from alice, bob): name the member whose \
         challenge you accept in `/accept`."
    );
    let refused = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::Accept { from: Some(DAVE) },
    );
    assert!(
        refused.text.contains("has no challenge open for you"),
        "{}",
        refused.text
    );
    let started = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::Accept { from: Some(BOB) },
    );
    assert!(!started.ephemeral, "{}", started.text);
    let record = game(&w, 1);
    assert_eq!(
        (record.white, record.black),
        (Participant::User(BOB), Participant::User(CAROL))
    );
    // One open challenge left: `/accept` takes it.
    let started = act(
        &w,
        &actor(DAVE),
        Origin::Channel,
        Action::Accept { from: None },
    );
    assert!(!started.ephemeral, "{}", started.text);
    assert_eq!(game(&w, 2).white, Participant::User(ALICE));
    // Its author cannot take their own.
    let w = world();
    challenge(&w, &actor(ALICE), None, None);
    let refused = act(
        &w,
        &actor(ALICE),
        Origin::Channel,
        Action::Accept { from: None },
    );
    assert!(
        refused.text.contains("Nobody has challenged you"),
        "{}",
        refused.text
    );
}

/// The expiry of the pending challenge of the channel, in milliseconds after its creation.
fn expiry_of_latest(w: &World) -> i64 {
    let pending = w
        .service
        .store()
        .pending_challenges_in_channel(CHANNEL, w.service.now())
        .unwrap();
    let latest = pending.last().expect("a pending challenge");
    latest.expires_at - latest.created_at
}

#[test]
fn expiry_fits_the_time_control_unless_the_server_chose_one() {
    let w = world();
    let hour = Duration::from_secs(3600);
    let reply = challenge(&w, &actor(ALICE), Some(BOB), Some(hour));
    let expires = (w.service.now() + 3_600_000) / 1000;
    assert!(
        reply
            .text
            .ends_with(&format!("Accept or decline: it expires <t:{expires}:R>.")),
        "{}",
        reply.text
    );
    assert_eq!(expiry_of_latest(&w), 3_600_000);
    w.clock.advance(Duration::from_secs(59 * 60));
    assert!(w.service.sweep().unwrap().is_empty());
    w.clock.advance(Duration::from_secs(2 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(
        notices[0].reply.text,
        "The challenge from <@11> to bob has expired."
    );

    // At least 10 minutes, at most 3 days.
    challenge(
        &w,
        &actor(ALICE),
        Some(BOB),
        Some(Duration::from_secs(5 * 60)),
    );
    assert_eq!(expiry_of_latest(&w), 10 * 60_000);
    act(&w, &actor(ALICE), Origin::Channel, Action::Cancel);
    challenge(
        &w,
        &actor(ALICE),
        None,
        Some(Duration::from_secs(7 * 24 * 3600)),
    );
    assert_eq!(expiry_of_latest(&w), 3 * 24 * 3_600_000);
    w.clock.advance(Duration::from_secs(3 * 24 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(
        notices[0].reply.text,
        "The open challenge from <@11> has expired: nobody accepted it."
    );

    // The server's choice wins.
    settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            challenge_expiry: Some(Some(Duration::from_secs(2 * 3600))),
            ..SettingsChange::default()
        },
    );
    challenge(&w, &actor(ALICE), Some(BOB), Some(Duration::from_secs(60)));
    assert_eq!(expiry_of_latest(&w), 2 * 3_600_000);
    act(&w, &actor(ALICE), Origin::Channel, Action::Cancel);
    // Until it fits the time control again.
    settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            challenge_expiry: Some(None),
            ..SettingsChange::default()
        },
    );
    challenge(&w, &actor(ALICE), Some(BOB), Some(hour));
    assert_eq!(expiry_of_latest(&w), 3_600_000);
}

/// Alice plays the engine in the channel itself (White): the board.
fn engine_game(w: &World, alice: &Actor) -> Reply {
    let board = act(
        w,
        alice,
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::White,
        },
    );
    assert!(!board.ephemeral, "{}", board.text);
    board
}

#[test]
fn an_idle_engine_game_can_be_ended_by_who_starts_a_game() {
    let w = world();
    engine_game(&w, &without_threads(ALICE));
    w.clock.advance(Duration::from_secs(20 * 60));
    let refused = challenge(&w, &without_threads(BOB), Some(CAROL), None);
    assert!(
        refused.text.contains("A game is running here (#1)"),
        "not idle yet: {}",
        refused.text
    );
    w.clock.advance(Duration::from_secs(24 * 60));
    let asked = challenge(&w, &without_threads(BOB), Some(CAROL), None);
    assert!(asked.ephemeral);
    assert_eq!(
        asked.text,
        "Game #1 against the engine has had no move for 45 min. End it?"
    );
    let end = id_ending(&asked, ":endidle");
    let ended = click(&w, &without_threads(BOB), &end);
    assert!(!ended.ephemeral, "{}", ended.text);
    assert_eq!(
        ended.text,
        "Game #1 against the engine was ended for idleness. bob, you can start yours now with \
         `/challenge` or `/play`."
    );
    let record = game(&w, 1);
    assert_eq!(record.status, GameStatus::Aborted);
    assert_eq!(record.abort_reason, Some(AbortReason::Idle));
    let again = click(&w, &without_threads(BOB), &end);
    assert!(again.text.contains("is over already"), "{}", again.text);
    let challenged = challenge(&w, &without_threads(BOB), Some(CAROL), None);
    assert!(!challenged.ephemeral, "{}", challenged.text);

    // Asked in Spanish, and the same question answered by a move of its player.
    let w = world();
    engine_game(&w, &without_threads(ALICE));
    w.clock.advance(Duration::from_secs(40 * 60));
    let asked = act(
        &w,
        &speaking(without_threads(BOB), Language::Es),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::Random,
        },
    );
    assert!(
        asked
            .text
            .starts_with("La partida #1 contra el motor lleva 40 min sin jugadas."),
        "{}",
        asked.text
    );
    play(&w, &without_threads(ALICE), "22-18");
    let refused = click(&w, &without_threads(BOB), &id_ending(&asked, ":endidle"));
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "Game #1 has just had a move: it is still being played."
    );
    assert_eq!(game(&w, 1).status, GameStatus::Active);
}

#[test]
fn the_sweep_ends_engine_games_idle_for_twice_the_time() {
    let w = world();
    let board = engine_game(&w, &without_threads(ALICE));
    let message = MessageRef {
        channel: CHANNEL,
        message: 5000,
    };
    w.service
        .set_board_message(board.game.unwrap(), message)
        .unwrap();
    w.clock.advance(Duration::from_secs(59 * 60));
    assert!(w.service.sweep().unwrap().is_empty());
    // A move keeps it alive.
    play(&w, &without_threads(ALICE), "22-18");
    w.clock.advance(Duration::from_secs(59 * 60));
    assert!(w.service.sweep().unwrap().is_empty());
    assert_eq!(game(&w, 1).status, GameStatus::Active);
    w.clock.advance(Duration::from_secs(2 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = &notices[0];
    assert_eq!(notice.channel, CHANNEL);
    assert_eq!(notice.edit, Some(message));
    assert!(
        notice.reply.text.starts_with(
            "Game #1 against the engine had no move for 1 h 1 min and was ended without a \
             result."
        ),
        "{}",
        notice.reply.text
    );
    assert!(notice.reply.board.is_some());
    assert!(
        !ids(&notice.reply).iter().any(|id| id.ends_with(":move")),
        "no controls are left"
    );
    assert_eq!(game(&w, 1).abort_reason, Some(AbortReason::Idle));
    assert!(w.service.sweep().unwrap().is_empty(), "ended once");

    // In a thread, an idle engine game blocks nobody, but the sweep still ends it.
    let w = world();
    let line = act(
        &w,
        &actor(ALICE),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::Black,
        },
    );
    assert!(
        line.thread.is_some() && line.board.is_none(),
        "{}",
        line.text
    );
    let opened = w.service.thread_opened(GameId(1), 1001).unwrap();
    assert!(
        opened.text.starts_with("alice plays black against Dama"),
        "{}",
        opened.text
    );
    assert!(opened.text.contains("replied **"), "{}", opened.text);
    assert_eq!(game(&w, 1).ply, 1, "the engine opened before the thread");
    w.clock.advance(Duration::from_secs(45 * 60));
    let started = challenge(&w, &actor(BOB), Some(CAROL), None);
    assert!(!started.ephemeral, "{}", started.text);
    w.clock.advance(Duration::from_secs(16 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].channel, 1001);
}

#[test]
fn settings_apply_to_the_next_game_and_are_for_managers() {
    let w = world();
    let refused = settings_change(
        &w,
        &actor(BOB),
        SettingsChange {
            time_per_move: Some(Duration::from_secs(3600)),
            ..SettingsChange::default()
        },
    );
    assert!(refused.ephemeral);
    assert!(
        refused.text.contains("**Manage Server**"),
        "{}",
        refused.text
    );
    let refused = settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            time_per_move: Some(Duration::from_secs(30)),
            threads: Some(false),
            ..SettingsChange::default()
        },
    );
    assert_eq!(
        refused.text,
        "The time per move must be between 1 min and 14 days."
    );
    let refused = settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            challenge_expiry: Some(Some(Duration::from_secs(15 * 24 * 3600))),
            ..SettingsChange::default()
        },
    );
    assert!(
        refused.text.contains("between 1 min and 14 days"),
        "{}",
        refused.text
    );

    let changed = settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            time_per_move: Some(Duration::from_secs(3600)),
            challenge_expiry: Some(Some(Duration::from_secs(2 * 3600))),
            threads: Some(false),
            ..SettingsChange::default()
        },
    );
    assert!(!changed.ephemeral);
    assert_eq!(
        changed.text,
        "Challenges that name no time now get 1 h per move.\n\
         Challenges now stay open for 2 h.\n\
         New games are played in their channel, one at a time."
    );
    let reply = challenge(&w, &actor(ALICE), Some(BOB), None);
    assert!(reply.text.contains("1 h per move"), "{}", reply.text);
    assert_eq!(expiry_of_latest(&w), 2 * 3_600_000);
    let board = click(&w, &actor(BOB), &id_ending(&reply, ":accept"));
    assert!(board.thread.is_none() && board.board.is_some());
    assert!(!board.text.contains("Threads"), "threads are off: no tip");
    assert_eq!(game(&w, 1).time_per_move_ms, 3_600_000);

    // Game channels: once listed, only those.
    let changed = settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            add_game_channel: Some(OTHER_CHANNEL),
            ..SettingsChange::default()
        },
    );
    assert_eq!(
        changed.text,
        "Games may start in <#200>. Game channels: <#200>."
    );
    let refused = challenge(&w, &actor(CAROL), Some(DAVE), None);
    assert_eq!(refused.text, "On this server games start only in <#200>.");
    let refused = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::White,
        },
    );
    assert!(refused.text.contains("only in <#200>"), "{}", refused.text);
    let there = challenge(&w, &in_channel(CAROL, OTHER_CHANNEL), Some(DAVE), None);
    assert!(!there.ephemeral, "{}", there.text);

    let shown = settings_change(&w, &actor(BOB), SettingsChange::default());
    assert!(shown.ephemeral);
    assert_eq!(
        shown.text,
        "**Settings**\n\
         Your notifications: mentions in the game's thread\n\
         Language of this server: English (the server's Discord language)\n\
         Time per move: 1 h\n\
         Challenges stay open: 2 h\n\
         Games in threads: off\n\
         Game channels: <#200>\n\
         Puzzle of the day: not posted, changes at 00:00 UTC"
    );
    let it = settings_change(
        &w,
        &reading(actor(BOB), Language::It),
        SettingsChange::default(),
    );
    assert!(it.text.contains("Tempo per mossa: 1 ora"), "{}", it.text);
    assert!(
        it.text
            .contains("Lingua di questo server: inglese (la lingua Discord del server)"),
        "{}",
        it.text
    );
    assert!(it.text.contains("Partite nei thread: no"), "{}", it.text);
    let es = settings_change(
        &w,
        &reading(actor(BOB), Language::Es),
        SettingsChange::default(),
    );
    assert!(es.text.contains("Tiempo por jugada: 1 h"), "{}", es.text);
    assert!(
        es.text.contains("Canales de partidas: <#200>"),
        "{}",
        es.text
    );

    let changed = settings_change(
        &w,
        &actor(ADMIN),
        SettingsChange {
            remove_game_channel: Some(OTHER_CHANNEL),
            threads: Some(true),
            challenge_expiry: Some(None),
            ..SettingsChange::default()
        },
    );
    assert_eq!(
        changed.text,
        "Challenges now stay open as long as their time per move (at least 10 min, at most 3 \
         days).\n\
         New games are played in a thread of their own, where I may open threads.\n\
         Games no longer start in <#200>. Game channels: every channel."
    );
    let shown = settings_change(&w, &actor(BOB), SettingsChange::default());
    assert!(
        shown
            .text
            .contains("Challenges stay open: as long as the time per move (10 min to 3 days)"),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("Game channels: every channel"),
        "{}",
        shown.text
    );
}

#[test]
fn the_store_finds_engine_games_whose_person_is_silent() {
    let w = world();
    let store = w.service.store();
    for user in [ALICE, BOB] {
        store.ensure_player(GUILD, user, "someone", START).unwrap();
    }
    let new_game = |channel, white, black| damabot::store::NewGame {
        guild: GUILD,
        channel,
        white,
        black,
        time_per_move_ms: 86_400_000,
        rated: false,
        start_fen: dama_rules::Position::initial().to_fen(),
        created_at: START,
        in_thread: false,
    };
    let person_to_move = store
        .create_game(&new_game(
            1,
            Participant::User(ALICE),
            Participant::Engine(1),
        ))
        .unwrap();
    store
        .create_game(&new_game(
            2,
            Participant::Engine(1),
            Participant::User(ALICE),
        ))
        .unwrap();
    store
        .create_game(&new_game(
            3,
            Participant::User(ALICE),
            Participant::User(BOB),
        ))
        .unwrap();
    let found = |at: i64| -> Vec<GameId> {
        store
            .idle_engine_games(at, 60_000)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect()
    };
    assert!(found(START + 59_999).is_empty());
    assert_eq!(found(START + 60_000), [person_to_move.id]);
    store
        .abandon_game(person_to_move.id, 0, START + 60_000)
        .unwrap();
    assert!(found(START + 120_000).is_empty(), "only active games");
}
