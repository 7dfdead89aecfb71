//! Expiries that fit the time control, and the server settings.

use super::*;

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
            .to_string()
            .ends_with(&format!("Accept or decline: it expires [t:{expires}].")),
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
        "The challenge from @11 to bob has expired."
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
        "The open challenge from @11 has expired: nobody accepted it."
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
        "Games may start in #200. Game channels: #200."
    );
    let refused = challenge(&w, &actor(CAROL), Some(DAVE), None);
    assert_eq!(refused.text, "On this server games start only in #200.");
    let refused = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::White,
            clock: None,
        },
    );
    assert!(refused.text.contains("only in #200"), "{}", refused.text);
    let there = challenge(&w, &in_channel(CAROL, OTHER_CHANNEL), Some(DAVE), None);
    assert!(!there.ephemeral, "{}", there.text);

    let shown = settings_change(&w, &actor(BOB), SettingsChange::default());
    assert!(shown.ephemeral);
    assert_eq!(
        shown.text,
        "**Settings**\n\
         Your notifications: mentions in the game's thread\n\
         Language of this server: none chosen: each game speaks the language of whoever \
         started it\n\
         Time per move: 1 h\n\
         Challenges stay open: 2 h\n\
         Games in threads: off\n\
         Game channels: #200\n\
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
            .contains("Lingua di questo server: nessuna scelta: ogni partita parla la lingua di chi l'ha iniziata"),
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
    assert!(es.text.contains("Canales de partidas: #200"), "{}", es.text);

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
         Games no longer start in #200. Game channels: every channel."
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
