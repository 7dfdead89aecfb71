//! The Activity's lobby on loopback: it is live (a challenge made by a command, a game started,
//! a game ended, a challenge taken reach the open pages without their asking), it lists the
//! people present and lets one challenge another, and a spectator's attempts on a challenge or
//! a game are refused with the service's words.

use dama_core::store::ColourChoice;
use std::sync::{Arc, Mutex};

use super::support::{
    CHANNEL, GUILD, START, Socket, game_at, game_from, next, page, send, settings, start,
    start_with,
};
use dama_console::LocalAuth;
use dama_console::People;
use dama_core::i18n::Language;
use dama_service::activity::ActivityAuth;
use dama_service::activity::{ActivityInstance, AuthFuture, AuthorizedUser};
use dama_service::{Action, Actor, GameService, ManualClock, Origin};
use dama_store::SqliteStore;
use serde_json::{Value, json};

fn actor(server: &super::support::Server, name: &str, language: Language) -> Actor {
    Actor::new(server.people.id(name), name.to_owned(), GUILD, CHANNEL)
        .language(language)
        .can_open_threads(false)
}

/// The next lobby frame for which `wanted` holds (earlier ones skipped).
async fn lobby_where(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    loop {
        let lobby = next(socket, "lobby").await;
        if wanted(&lobby) {
            return lobby;
        }
    }
}

/// Frames until both a `game` frame and a lobby for which `wanted` holds have come (in either
/// order): the two.
async fn game_and_lobby(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> (Value, Value) {
    use futures_util::StreamExt;
    let (mut game, mut lobby) = (None, None);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while game.is_none() || lobby.is_none() {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("a game and its lobby in time")
            .expect("the socket is open")
            .unwrap();
        let Ok(text) = message.into_text() else {
            continue;
        };
        let Ok(frame) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if frame["type"] == "game" {
            game = Some(frame["game"].clone());
        } else if frame["type"] == "lobby" && wanted(&frame) {
            lobby = Some(frame);
        }
    }
    (game.unwrap(), lobby.unwrap())
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|person| person["name"].as_str().unwrap().to_owned())
        .collect()
}

/// `name`'s action through the service, as a slash command in the channel.
async fn command(server: &super::support::Server, name: &str, action: Action) -> String {
    let service = Arc::clone(&server.service);
    let actor = actor(server, name, Language::En);
    let reply = tokio::task::spawn_blocking(move || service.act(&actor, Origin::Channel, action))
        .await
        .unwrap()
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    reply.text.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_follows_challenges_and_games_as_they_happen() {
    let server = start().await;
    let (mut bob, _) = page(&server, "bob", "en").await;
    let first = next(&mut bob, "lobby").await;
    assert_eq!(first["challenges"], json!([]));
    assert_eq!(names(&first["present"]), ["bob"]);

    // Alice challenges by a slash command: Bob's open lobby shows it without asking.
    command(
        &server,
        "alice",
        Action::Challenge {
            opponent: None,
            colour: ColourChoice::White,
            time_per_move: None,
            clock: None,
        },
    )
    .await;
    let lobby = lobby_where(&mut bob, |lobby| lobby["challenges"] != json!([])).await;
    let challenge = &lobby["challenges"][0];
    assert_eq!(challenge["from"]["name"], "alice");
    assert_eq!(challenge["to"], json!(null));
    assert_eq!(challenge["colour"], "white");

    // Bob accepts on the page: the challenge goes, the game comes, in his lobby and his game.
    let id = challenge["id"].clone();
    send(&mut bob, json!({"type": "accept", "challenge": id})).await;
    let (game, lobby) = game_and_lobby(&mut bob, |lobby| lobby["games"] != json!([])).await;
    assert_eq!(game["you"], "black");
    assert_eq!(lobby["challenges"], json!([]));
    assert_eq!(lobby["games"][0]["id"], game["id"]);

    // A page opened now sees the game, counts as its spectator, and the others see it there.
    let (mut carol, _) = page(&server, "carol", "it").await;
    let seen = next(&mut carol, "game").await;
    assert_eq!(seen["game"]["id"], game["id"]);
    let lobby = lobby_where(&mut bob, |lobby| {
        lobby["games"][0]["spectators"] == 1 && lobby["present"].as_array().unwrap().len() == 2
    })
    .await;
    assert_eq!(names(&lobby["present"]), ["bob", "carol"]);

    // Alice resigns by a command: the game leaves the lobby at once.
    command(&server, "alice", Action::Resign).await;
    lobby_where(&mut bob, |lobby| lobby["games"] == json!([])).await;
    // Carol leaves: she is no longer present.
    drop(carol);
    let lobby = lobby_where(&mut bob, |lobby| {
        lobby["present"].as_array().unwrap().len() == 1
    })
    .await;
    assert_eq!(names(&lobby["present"]), ["bob"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_challenges_someone_present_who_accepts_or_declines_it() {
    let server = start().await;
    let (mut alice, _) = page(&server, "alice", "en").await;
    let (mut bob, _) = page(&server, "bob", "it").await;
    let (mut carol, _) = page(&server, "carol", "en").await;
    let lobby = lobby_where(&mut alice, |lobby| {
        lobby["present"].as_array().unwrap().len() == 3
    })
    .await;
    let bob_id = server.people.id("bob").to_string();
    assert!(
        lobby["present"]
            .as_array()
            .unwrap()
            .iter()
            .any(|person| person["id"] == bob_id.as_str())
    );

    // Someone who is not here cannot be challenged from a page.
    send(
        &mut carol,
        json!({"type": "challenge", "opponent": "987654321", "level": null, "colour": null, "time": null}),
    )
    .await;
    let refused = next(&mut carol, "refused").await;
    assert_eq!(
        super::support::text(&refused["text"]),
        "That person does not have the board open here."
    );

    // Alice challenges Bob, whose page shows it, made to him.
    send(
        &mut alice,
        json!({"type": "challenge", "opponent": bob_id, "level": null, "colour": "black", "time": null}),
    )
    .await;
    let lobby = lobby_where(&mut bob, |lobby| lobby["challenges"] != json!([])).await;
    let challenge = lobby["challenges"][0].clone();
    assert_eq!(challenge["from"]["name"], "alice");
    assert_eq!(challenge["to"]["id"], bob_id.as_str());
    assert_eq!(challenge["to"]["name"], "bob", "the name Bob's page gave");
    let id = challenge["id"].clone();

    // Carol may neither decline nor accept it, nor withdraw it: the service's refusals.
    for kind in ["decline", "accept", "cancel"] {
        send(&mut carol, json!({"type": kind, "challenge": id})).await;
        let refused = next(&mut carol, "refused").await;
        assert!(!super::support::text(&refused["text"]).is_empty(), "{kind}");
    }

    // Bob declines: the challenge leaves every lobby.
    send(&mut bob, json!({"type": "decline", "challenge": id})).await;
    lobby_where(&mut alice, |lobby| lobby["challenges"] == json!([])).await;

    // Carol challenges Bob in turn (Alice must wait a moment before challenging again), and
    // Bob accepts: his page opens the game, the others' lobbies show it.
    send(
        &mut carol,
        json!({"type": "challenge", "opponent": bob_id, "level": null, "colour": "white", "time": null}),
    )
    .await;
    // (Lobbies from before, with Alice's declined challenge, may still be on their way.)
    let lobby = lobby_where(&mut bob, |lobby| {
        lobby["challenges"][0]["from"]["name"] == "carol"
    })
    .await;
    let id = lobby["challenges"][0]["id"].clone();
    send(&mut bob, json!({"type": "accept", "challenge": id})).await;
    let game = game_at(&mut bob, 0).await;
    assert_eq!(game["you"], "black");
    let lobby = lobby_where(&mut alice, |lobby| lobby["games"] != json!([])).await;
    assert_eq!(lobby["games"][0]["id"], game["id"]);
    assert_eq!(lobby["games"][0]["white"]["name"], "carol");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_a_game_on_the_page_takeback_decline_analysis() {
    let server = start().await;
    // Black to move: a takeback asked by Bob after his move, declined by Alice.
    let game = game_from(&server, "alice", "bob", "B:W19:B6,10");
    let id = game.id.0;
    let (mut alice, _) = page(&server, "alice", "en").await;
    let (mut bob, _) = page(&server, "bob", "en").await;
    let (mut carol, _) = page(&server, "carol", "it").await;
    for socket in [&mut alice, &mut bob, &mut carol] {
        game_at(socket, 0).await;
    }
    send(
        &mut bob,
        json!({"type": "move", "game": id, "ply": 0, "move": "10-14"}),
    )
    .await;
    game_at(&mut bob, 1).await;
    send(
        &mut bob,
        json!({"type": "takeback", "game": id, "answer": null}),
    )
    .await;
    let asked = loop {
        let seen = game_at(&mut alice, 1).await;
        if seen["takeback"] != json!(null) {
            break seen;
        }
    };
    assert_eq!(asked["takeback"], "black");
    // Carol cannot answer it.
    send(
        &mut carol,
        json!({"type": "takeback", "game": id, "answer": false}),
    )
    .await;
    let refused = next(&mut carol, "refused").await;
    assert!(!super::support::text(&refused["text"]).is_empty());
    // Alice declines: the request is gone, the move stays.
    send(
        &mut alice,
        json!({"type": "takeback", "game": id, "answer": false}),
    )
    .await;
    let answered = loop {
        let seen = game_at(&mut bob, 1).await;
        if seen["takeback"] == json!(null) {
            break seen;
        }
    };
    assert_eq!(answered["moves"], json!(["10-14"]));

    // A draw offered by Bob and declined by Alice.
    send(
        &mut bob,
        json!({"type": "draw", "game": id, "answer": null}),
    )
    .await;
    loop {
        if game_at(&mut alice, 1).await["draw_offer"] == "black" {
            break;
        }
    }
    send(
        &mut alice,
        json!({"type": "draw", "game": id, "answer": false}),
    )
    .await;
    loop {
        if game_at(&mut bob, 1).await["draw_offer"] == json!(null) {
            break;
        }
    }

    // Alice's capture ends the game; Carol asks for its analysis, in Italian.
    send(
        &mut alice,
        json!({"type": "move", "game": id, "ply": 1, "move": "19x10x3"}),
    )
    .await;
    loop {
        if game_at(&mut carol, 2).await["status"] == "finished" {
            break;
        }
    }
    // A spectator's Rematch is refused; Alice's reaches Bob's page, still on the ended game,
    // as a challenge made to him.
    send(&mut carol, json!({"type": "rematch", "game": id})).await;
    let refused = next(&mut carol, "refused").await;
    assert!(!super::support::text(&refused["text"]).is_empty());
    send(&mut alice, json!({"type": "rematch", "game": id})).await;
    let bob_id = server.people.id("bob").to_string();
    let lobby = lobby_where(&mut bob, |lobby| lobby["challenges"] != json!([])).await;
    assert_eq!(lobby["challenges"][0]["from"]["name"], "alice");
    assert_eq!(lobby["challenges"][0]["to"]["id"], bob_id.as_str());
    assert_eq!(lobby["challenges"][0]["colour"], "black", "colours swapped");

    // The server chose Spanish for its public messages: the page's analysis is Carol's
    // alone, in her Italian.
    server
        .service
        .store()
        .set_server_language(GUILD, Some(Language::Es))
        .unwrap();
    send(&mut carol, json!({"type": "analysis", "game": id})).await;
    let analysis = next(&mut carol, "analysis").await;
    assert_eq!(analysis["game"], id);
    let text = &super::support::text(&analysis["text"]).to_string();
    assert!(text.contains(&format!("#{id}")), "{text}");
    assert!(text.contains("Analisi"), "{text}");
}

/// The people of the local mode, in an Activity instance that lists whoever the test says is
/// in it, as Discord does.
struct Listing {
    local: LocalAuth,
    listed: Mutex<Vec<u64>>,
}

impl ActivityAuth for Listing {
    fn exchange<'a>(&'a self, code: &'a str) -> AuthFuture<'a, AuthorizedUser> {
        self.local.exchange(code)
    }

    fn exchange_named<'a>(
        &'a self,
        code: &'a str,
        name: Option<&'a str>,
    ) -> AuthFuture<'a, AuthorizedUser> {
        self.local.exchange_named(code, name)
    }

    fn instance<'a>(&'a self, _instance: &'a str) -> AuthFuture<'a, ActivityInstance> {
        let users = self.listed.lock().unwrap().clone();
        Box::pin(async move {
            Ok(ActivityInstance {
                guild: Some(GUILD),
                channel: CHANNEL,
                users,
            })
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn someone_who_joins_or_leaves_the_instance_elsewhere_shows_in_the_lobby() {
    dama_core::i18n::load().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let service = Arc::new(GameService::new(
        Arc::new(store),
        Arc::new(ManualClock::new(START)),
        settings(),
    ));
    let people = Arc::new(People::default());
    let (alice, dave) = (people.id("alice"), people.id("dave"));
    // Dave has played here: the lobby knows his name without a page of his.
    service
        .store()
        .ensure_player(GUILD, dave, "dave", START)
        .unwrap();
    let auth = Arc::new(Listing {
        local: LocalAuth::new(Arc::clone(&people), GUILD, CHANNEL),
        listed: Mutex::new(vec![alice]),
    });
    let server = start_with(service, auth.clone(), people).await;
    let (mut page, _) = page(&server, "alice", "en").await;
    let names = |lobby: &Value| {
        lobby["present"]
            .as_array()
            .unwrap()
            .iter()
            .map(|person| person["name"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let lobby = lobby_where(&mut page, |lobby| lobby["present"] != json!([])).await;
    assert_eq!(names(&lobby), ["alice"]);
    // Dave joins the Activity with a page on another process: Discord lists him.
    auth.listed.lock().unwrap().push(dave);
    let lobby = lobby_where(&mut page, |lobby| names(lobby).len() == 2).await;
    assert_eq!(names(&lobby), ["alice", "dave"]);
    // And leaves it.
    auth.listed.lock().unwrap().retain(|&user| user != dave);
    let lobby = lobby_where(&mut page, |lobby| names(lobby).len() == 1).await;
    assert_eq!(names(&lobby), ["alice"]);
}
