//! The console as a user sees it: sessions in every language, threads, direct messages.

mod activity;
mod clocks;
mod languages;
mod privacy;
mod reading;
mod rounds;

use dama_core::i18n;
use dama_core::store::ColourChoice;
use dama_core::store::Member;
use dama_core::text::{Part, RichText};
use std::collections::HashSet;
use std::time::Duration;

use super::parse::Parsed;
use super::*;
use dama_core::config::RenderConfig;
use dama_core::store::{NotifyMode, Store, TournamentFormat, TournamentStatus};
use dama_service::{
    Action, PuzzleAction, ServiceSettings, SettingsChange, TournamentAction, TournamentSpec,
};
use dama_store::SqliteStore;

/// A console on a fresh in-memory database, with the service it drives.
fn console() -> (Console, Arc<GameService>) {
    console_with(|service| service)
}

/// [`console`], its service adapted by `adapt` (other puzzles).
fn console_with(adapt: impl FnOnce(GameService) -> GameService) -> (Console, Arc<GameService>) {
    i18n::set_strict(true);
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open_in_memory().unwrap());
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let settings = ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(20),
        hash_mb: 1,
        max_concurrent_searches: 1,
        seed: Some(3),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 20_000,
        engine_hints: 3,
    };
    let service = Arc::new(adapt(GameService::new(store, clock.clone(), settings)));
    let renderer = Renderer::new(&RenderConfig {
        size: 160,
        ..RenderConfig::default()
    })
    .unwrap();
    let console = Console::new(service.clone(), Arc::new(renderer), clock, None);
    (console, service)
}

/// Answers a line, checking that no message leaked unformatted.
fn say(console: &mut Console, line: &str) -> String {
    let out = console.line(line);
    assert!(!out.contains("{$") && !out.contains("{ $"), "{line}: {out}");
    assert!(!out.contains("console-"), "{line}: {out}");
    out
}

/// The channel's game: its ply.
fn ply(service: &GameService, channel: u64) -> Option<u32> {
    service
        .store()
        .active_game_in_channel(channel)
        .unwrap()
        .map(|g| g.ply)
}

const GENERAL: u64 = 101;

/// Whether some line of `out` starts with `start`.
fn has_line(out: &str, start: &str) -> bool {
    out.lines().any(|line| line.starts_with(start))
}

/// `(thread #NAME opened)` and `(now in thread #NAME)` in `out`, the console in that
/// thread: its id and name.
fn entered_thread(c: &Console, out: &str) -> (u64, String) {
    assert!(c.is_thread(c.place().1), "no thread: {out}");
    let name = c.place_name(c.place().1);
    assert!(
        out.contains(&format!(
            "(thread #{name} opened)\n(now in thread #{name})\n"
        )),
        "{out}"
    );
    (c.place().1, name)
}

#[test]
fn the_console_speaks_and_reads_italian() {
    let (mut c, service) = console();
    assert_eq!(say(&mut c, "@locale it"), "(ora rispondo in italiano)\n");
    assert!(say(&mut c, "alice: /sfida bob colore:bianco tempo:1h").contains("@bob"));
    let challenge = service
        .store()
        .pending_challenges_in_channel(GENERAL, service.now())
        .unwrap()
        .remove(0);
    assert_eq!(challenge.colour, ColourChoice::White);
    assert_eq!(challenge.time_per_move_ms, 3_600_000);
    let board = say(&mut c, "bob: /accetta");
    assert!(board.contains("tocca al Bianco"), "{board}");
    // Pedine bianche `b`, nere `n`; the status line is the image's caption.
    assert!(board.contains(" 8  n   n   n   n"), "{board}");
    assert!(board.contains(" 1    b   b   b   b"), "{board}");
    assert!(
        board.contains("alice (1500) – bob (1500) · mossa 1 · tocca al Bianco"),
        "{board}"
    );
    assert_eq!(ply(&service, c.place().1), Some(0));
    let moved = say(&mut c, "alice: /mossa 22-18");
    assert!(moved.contains("tocca al Nero"), "{moved}");
    assert_eq!(ply(&service, c.place().1), Some(1));
    assert!(say(&mut c, "bob: /mossa").starts_with("Quale mossa? Puoi giocare: "));
    assert!(say(&mut c, "bob: /mossa mossa:10-14").contains("tocca al Bianco"));
    assert_eq!(ply(&service, c.place().1), Some(2));
    let offered = say(&mut c, "alice: /patta proponi");
    assert!(!offered.contains("(lo vedi solo tu)"), "{offered}");
    let game = service
        .store()
        .active_game_in_channel(c.place().1)
        .unwrap()
        .unwrap();
    assert!(game.draw_offer.is_some(), "{offered}");
    assert_eq!(
        say(&mut c, "bob: /patta boh"),
        "`/patta boh`? Usa `/patta proponi`, `/patta accetta` o `/patta rifiuta`.\n"
    );
    assert_eq!(
        say(&mut c, "alice: /ballo"),
        "Comando sconosciuto `/ballo`. Prova `/aiuto`.\n"
    );
    assert_eq!(
        say(&mut c, "alice: /gioca livello:tre"),
        "`tre` non è un livello: usa da 1 (principiante) a 8 (maestro).\n"
    );
    assert_eq!(
        say(&mut c, "alice: /gioca colore:verde"),
        "`verde` non è un colore: bianco, nero o caso.\n"
    );
    assert_eq!(
        say(&mut c, "alice aiuto"),
        "Scrivi righe come `alice: /sfida bob` (NOME: /comando ...), oppure `@help`.\n"
    );
    assert_eq!(
        say(&mut c, "alice: aiuto"),
        "I comandi cominciano con `/`, come `alice: /aiuto`.\n"
    );
    assert!(say(&mut c, "@help").contains("@mod NOME"));
    assert_eq!(say(&mut c, "@channel sala"), "(ora nel canale #sala)\n");
    assert_eq!(
        say(&mut c, "@advance 10m"),
        "(l'orologio va avanti di 10m)\n"
    );
    assert_eq!(
        say(&mut c, "@ballo"),
        "Direttiva sconosciuta `@ballo`. Prova `@help`.\n"
    );
    assert_eq!(say(&mut c, "@mod carol"), "(carol ora può moderare)\n");
    // English names still work in Italian.
    assert!(!say(&mut c, "alice: /rules").contains("Comando sconosciuto"));
}

#[test]
fn the_console_speaks_and_reads_spanish() {
    let (mut c, service) = console();
    assert_eq!(say(&mut c, "@locale es"), "(ahora respondo en español)\n");
    assert!(say(&mut c, "alice: /retar @bob color:negras").contains("@bob"));
    let challenge = service
        .store()
        .pending_challenges_in_channel(GENERAL, service.now())
        .unwrap()
        .remove(0);
    assert_eq!(challenge.colour, ColourChoice::Black);
    let board = say(&mut c, "bob: /aceptar");
    assert!(board.contains("juegan las blancas"), "{board}");
    assert!(say(&mut c, "bob: /jugada 22-18").contains("juegan las negras"));
    assert_eq!(ply(&service, c.place().1), Some(1));
    assert!(say(&mut c, "alice: /tablas ofrecer").len() > 1);
    assert!(
        service
            .store()
            .active_game_in_channel(c.place().1)
            .unwrap()
            .unwrap()
            .draw_offer
            .is_some()
    );
    assert!(say(&mut c, "bob: /tablas aceptar").len() > 1);
    assert_eq!(ply(&service, c.place().1), None, "drawn by agreement");
    assert_eq!(
        say(&mut c, "alice: /bailar"),
        "Comando desconocido `/bailar`. Prueba `/ayuda`.\n"
    );
    assert!(say(&mut c, "@help").contains("@mod NOMBRE"));
    assert!(say(&mut c, "alice: /ayuda").contains("reta a un miembro"));
}

#[test]
fn settings_language_from_the_console() {
    let (mut c, service) = console();
    let guild = c.place().0;
    // Not a moderator: refused, naming the permission in the reader's language.
    say(&mut c, "@locale es");
    let refused = say(&mut c, "alice: /ajustes idioma it");
    assert!(refused.starts_with("(solo lo ves tú) "), "{refused}");
    assert!(refused.contains("**Gestionar servidor**"), "{refused}");
    assert_eq!(
        service.store().server_settings(guild).unwrap().language,
        None
    );

    say(&mut c, "@mod carol");
    assert_eq!(
        say(&mut c, "carol: /ajustes idioma it"),
        "D'ora in poi parlo italiano in questo server.\n"
    );
    assert_eq!(service.server_language(guild), Language::It);
    // The reader's language stays the console's; the server's public one is Italian.
    assert!(say(&mut c, "alice: /retar bob").contains("@bob"));
    assert!(say(&mut c, "bob: /aceptar").contains("tocca al Bianco"));

    say(&mut c, "@locale en");
    assert_eq!(
        say(&mut c, "carol: /settings language lingua:de"),
        "`/settings` takes `language:it|en|es|auto`, `notify:dm|ping|off`, `time:24h`, \
         `expiry:1day|auto`, `threads:on|off`, `add-channel:#NAME`, \
         `remove-channel:#NAME`, `daily-puzzle:#NAME`, `daily-puzzle-hour:0-23` and \
         `daily-puzzle-off:on`; alone, it shows the settings.\n"
    );
    assert_eq!(
        say(&mut c, "carol: /settings language"),
        "From now on each game speaks the language of whoever starts it; messages about no \
         game follow whoever asks.\n"
    );
    assert_eq!(service.server_language(guild), Language::En);
    assert_eq!(
        say(&mut c, "carol: /impostazioni lingua es"),
        "De ahora en adelante hablo español en este servidor.\n"
    );
    // Another server keeps its own.
    assert_eq!(
        say(&mut c, "@guild other"),
        "(now in server other, channel #general)\n"
    );
    assert_eq!(service.server_language(c.place().0), Language::En);
    assert_eq!(service.server_language(guild), Language::Es);
}

#[test]
fn thread_names_become_channel_names() {
    assert_eq!(slug("Dama #12 · Alice – Bob"), "dama-12-alice-bob");
    assert_eq!(
        slug("Partita #3 · Élodie – Dama (livello 2)"),
        "partita-3-élodie-dama-livello-2"
    );
    assert_eq!(slug("  ¡Hola!  "), "hola");
    assert_eq!(
        prefixed("[#general] ", "one\ntwo\n"),
        "[#general] one\n[#general] two\n"
    );
}

#[test]
fn people_places_moments_and_commands_read_as_the_console_writes_them() {
    let (mut c, _service) = console();
    let alice = c.user_id("alice");
    let mut text = RichText::new();
    text.push(Part::Person(alice));
    text.push_str(" in ");
    text.push(Part::Channel(GENERAL));
    text.push_str(", due ");
    text.push(Part::Moment(
        dama_service::Clock::now(&*c.clock) + 90 * 60_000,
    ));
    text.push_str(", since ");
    text.push(Part::Moment(
        dama_service::Clock::now(&*c.clock) - 3 * 24 * 3_600_000,
    ));
    text.push_str(": **a** < b, ");
    text.push(Part::Person(999));
    assert_eq!(
        c.room.words(&text, Language::En),
        "@alice in #general, due in 1 h 30 min, since 3 days ago: **a** < b, @999"
    );
    // A command as typed in the message's language, or in the console's.
    let typed = dama_core::i18n::tr!(
        Language::It,
        ChallengeSelf,
        cmd_play = Part::command("play")
    );
    assert!(
        c.room.words(&typed, Language::It).contains("`/gioca`"),
        "{typed}"
    );
    assert_eq!(
        c.room
            .words(&RichText::from(Part::command("board")), Language::En),
        "`/board`"
    );
    assert_eq!(
        c.room.words(
            &RichText::from(Part::Moment(dama_service::Clock::now(&*c.clock) + 60_000)),
            Language::Es
        ),
        "dentro de 1 min"
    );
}

#[test]
fn a_game_in_a_thread_is_played_there_and_its_channel_starts_another() {
    let (mut c, service) = console();
    assert!(say(&mut c, "alice: /challenge bob colour:white").contains("@bob"));
    let started = say(&mut c, "bob: /accept");
    let (first, name) = entered_thread(&c, &started);
    assert!(name.contains("alice") && name.contains("bob"), "{name}");
    let game = service
        .store()
        .active_game_in_channel(first)
        .unwrap()
        .unwrap();
    assert_eq!((game.channel, game.thread), (GENERAL, Some(first)));
    // The first board is posted in the thread, where the console now is: no place before it.
    let board = &started[started.find("(now in thread").unwrap()..];
    assert!(board.contains("White to move"), "{started}");
    assert!(!board.contains("[#"), "{started}");
    let moved = say(&mut c, "alice: /move 22-18");
    assert!(
        moved.contains("Black to move") && !moved.contains("[#"),
        "{moved}"
    );
    assert_eq!(ply(&service, first), Some(1));

    // Back in the channel, a second game starts in a thread of its own.
    assert_eq!(
        say(&mut c, "@channel general"),
        "(now in channel #general)\n"
    );
    assert!(say(&mut c, "carol: /challenge dave colour:white").contains("@dave"));
    let accepted = say(&mut c, "dave: /accept");
    let (second, other) = entered_thread(&c, &accepted);
    assert_ne!((second, &other), (first, &name));
    assert_eq!(
        service
            .store()
            .active_games_in_threads_of(GENERAL)
            .unwrap()
            .len(),
        2
    );
    say(&mut c, "carol: /move 22-18");
    assert_eq!(ply(&service, second), Some(1));

    // To the first thread by its name: its game goes on there.
    assert_eq!(
        say(&mut c, &format!("@channel #{name}")),
        format!("(now in thread #{name})\n")
    );
    say(&mut c, "bob: /move 10-14");
    assert_eq!(ply(&service, first), Some(2));
    assert_eq!(ply(&service, second), Some(1));
    // Its end: the result here, a line in the channel (marked with it), the thread left open
    // a day.
    let ended = say(&mut c, "alice: /resign");
    assert!(has_line(&ended, "[#general] "), "{ended}");
    assert!(
        ended.contains(&format!("(thread #{name} stays open for a day)\n")),
        "{ended}"
    );
    assert_eq!(ply(&service, first), None);
    assert_eq!(ply(&service, second), Some(1));
}

#[test]
fn analysis_tells_its_progress_and_saves_its_chart() {
    let (mut c, _service) = console();
    let dir = tempfile::tempdir().unwrap();
    c.room.state().images = Some(dir.path().to_owned());
    say(&mut c, "@threads off");
    say(&mut c, "alice: /challenge bob colour:white");
    say(&mut c, "bob: /accept");
    say(&mut c, "alice: /move 22-18");
    say(&mut c, "bob: /move 12-16");
    say(&mut c, "alice: /move 21-17");
    say(&mut c, "bob: /resign");
    let out = say(&mut c, "alice: /analysis");
    assert!(out.starts_with("Analysing game #1… 0%\n"), "{out}");
    assert!(
        out.contains("Analysing game #1… 100%\n**Analysis of game #1**"),
        "{out}"
    );
    let chart = dir.path().join("dama-game-1-chart.png");
    assert!(
        out.contains(&format!("(saved {})", chart.display())),
        "{out}"
    );
    let png = image::load_from_memory(&std::fs::read(&chart).unwrap()).unwrap();
    assert_eq!((png.width(), png.height()), (800, 400));
    assert!(
        out.contains("[Event \"Dama on Discord, game #1\"]"),
        "{out}"
    );

    // Served again from the store: no progress; by number, in Italian too.
    say(&mut c, "@locale it");
    let again = say(&mut c, "alice: /analisi 1");
    assert!(again.starts_with("**Analisi della partita #1**"), "{again}");
    let refused = say(&mut c, "alice: /analisi uno");
    assert_eq!(
        refused,
        "Scrivi il numero della partita, come `/analisi 12`.\n"
    );
}

#[test]
fn without_threads_a_game_is_played_in_its_channel() {
    let (mut c, service) = console();
    assert_eq!(
        say(&mut c, "@threads off"),
        "(the bot may not open threads: games are played in their channel)\n"
    );
    assert_eq!(say(&mut c, "@threads maybe"), "@threads needs on or off.\n");
    say(&mut c, "alice: /challenge bob colour:white");
    let started = say(&mut c, "bob: /accept");
    assert!(!started.contains("(thread #"), "{started}");
    assert_eq!(c.place().1, GENERAL);
    assert!(say(&mut c, "alice: /move 22-18").contains("Black to move"));
    assert_eq!(ply(&service, GENERAL), Some(1));
    assert_eq!(
        say(&mut c, "@threads on"),
        "(the bot may open threads again)\n"
    );
}

#[test]
fn direct_messages_come_with_the_moves_and_the_sweep() {
    let (mut c, service) = console();
    say(&mut c, "bob: /settings notify:dm");
    let bob = c.user_id("bob");
    assert_eq!(service.store().notify_mode(bob).unwrap(), NotifyMode::Dm);
    say(&mut c, "alice: /challenge bob colour:white time:1h");
    say(&mut c, "bob: /accept");
    // Bob's turn: a direct message, besides the board in the thread.
    let moved = say(&mut c, "alice: /move 22-18");
    assert!(has_line(&moved, "(DM to bob) "), "{moved}");
    assert!(!has_line(&moved, "(DM to alice)"), "{moved}");
    // Half of the hour gone: a reminder, once.
    let reminded = say(&mut c, "@advance 31m");
    assert!(has_line(&reminded, "(DM to bob) "), "{reminded}");
    let quiet = say(&mut c, "@advance 1m");
    assert!(!quiet.contains("(DM to"), "{quiet}");
    // Ninety per cent gone: the second reminder.
    let again = say(&mut c, "@advance 23m");
    assert!(has_line(&again, "(DM to bob) "), "{again}");
}

#[test]
fn a_closed_dm_falls_back_to_a_mention_in_the_game() {
    let (mut c, _service) = console();
    assert_eq!(
        say(&mut c, "@dm-closed bob"),
        "(bob's direct messages are closed)\n"
    );
    say(&mut c, "bob: /settings notify:dm");
    say(&mut c, "alice: /challenge bob colour:white");
    say(&mut c, "bob: /accept");
    let moved = say(&mut c, "alice: /move 22-18");
    let failed = "(the DM to bob could not be delivered: posted in the channel instead)";
    assert!(moved.contains(failed), "{moved}");
    // In the game's thread, where the console is: no place in front.
    assert!(has_line(&moved, "@bob "), "{moved}");
    assert!(!moved.contains("(DM to bob)"), "{moved}");
    // Once: the next turn is a mention in the thread, without trying the DM again.
    say(&mut c, "bob: /move 10-14");
    let next = say(&mut c, "alice: /move 21-17");
    assert!(!next.contains("could not be delivered"), "{next}");
    assert!(!next.contains("(DM to bob)"), "{next}");
    assert_eq!(
        say(&mut c, "@dm-open bob"),
        "(bob's direct messages are open again)\n"
    );
}

/// The action a command reads as (without its `/`), or the console's answer.

#[test]
fn open_challenges_and_threads_in_italian_and_spanish() {
    let (mut c, service) = console();
    say(&mut c, "@locale it");
    assert_eq!(
        say(&mut c, "@threads no"),
        "(il bot non può aprire thread: le partite si giocano nel loro canale)\n"
    );
    say(&mut c, "@threads sì");
    say(&mut c, "alice: /sfida");
    assert_eq!(
        service
            .store()
            .pending_challenges_in_channel(GENERAL, service.now())
            .unwrap()
            .len(),
        1
    );
    let started = say(&mut c, "carol: /accetta da:alice");
    let name = c.place_name(c.place().1);
    assert!(
        started.contains(&format!(
            "(aperto il thread #{name})\n(ora nel thread #{name})\n"
        )),
        "{started}"
    );
    assert!(started.contains("tocca al Bianco"), "{started}");
    let games = say(&mut c, "alice: /partite");
    assert!(!games.contains("Comando sconosciuto"), "{games}");
    assert!(games.contains("carol"), "{games}");
    assert_eq!(
        say(&mut c, "@channel general"),
        "(ora nel canale #general)\n"
    );
    assert_eq!(
        say(&mut c, &format!("@channel {name}")),
        format!("(ora nel thread #{name})\n")
    );

    say(&mut c, "@locale es");
    say(&mut c, "@channel mesa");
    say(&mut c, "dave: /retar");
    let started = say(&mut c, "erin: /aceptar de:dave");
    let name = c.place_name(c.place().1);
    assert!(
        started.contains(&format!(
            "(hilo #{name} abierto)\n(ahora en el hilo #{name})\n"
        )),
        "{started}"
    );
    assert!(started.contains("juegan las blancas"), "{started}");
    let games = say(&mut c, "erin: /partidas");
    assert!(!games.contains("Comando desconocido"), "{games}");
    assert!(games.contains("dave"), "{games}");
}
