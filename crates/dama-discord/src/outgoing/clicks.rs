//! Answering a click: whether the reply updates the clicked message, goes in a new one or
//! privately, and the ping that follows an update (edits notify nobody).

use std::fmt::Write as _;

use super::{
    DiscordMessage, Drawn, MAX_CONTENT, Markup, Place, message_link, ping_content, truncate,
};
use dama_core::i18n::t;
use dama_core::store::MessageRef;
use dama_service::{ChallengeButton, ComponentAction, GameButton, PuzzleButton, Reply};
/// How the answer to a click is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClickAnswer {
    /// The clicked message becomes the reply (a board after a move, a challenge answered).
    Update,
    /// A new message in the channel (a rematch, a board after a confirmation).
    NewMessage,
    /// A message only the clicker sees (a mistake, a confirmation, a flipped board).
    Private,
}

/// Decides how to show the reply to a click on `custom_id`. A public board that follows from
/// a click on the board itself (or on the challenge that starts it) replaces that message;
/// clicks on private messages (a resignation's confirmation) answer with a new message,
/// since the private one only its viewer sees. A tournament's sign-up button updates the
/// sign-up message. Bump, a rematch and an answered takeback post a new message, at the bottom
/// of the channel or thread. A private puzzle board answered from its menu becomes the next
/// board (or the solution), privately still; a refusal (a stale board) and the Next button
/// answer with a new private message.
#[must_use]
pub fn click_answer(
    custom_id: &str,
    reply: &Reply,
    clicked_message_is_private: bool,
) -> ClickAnswer {
    if let Some(ComponentAction::Puzzle(_, _, PuzzleButton::Move)) =
        ComponentAction::parse(custom_id)
    {
        if reply.ephemeral && clicked_message_is_private && reply.board.is_some() {
            return ClickAnswer::Update;
        }
    }
    if reply.ephemeral {
        return ClickAnswer::Private;
    }
    if clicked_message_is_private {
        return ClickAnswer::NewMessage;
    }
    match ComponentAction::parse(custom_id) {
        Some(ComponentAction::Game(
            _,
            _,
            GameButton::Move
            | GameButton::OfferDraw
            | GameButton::AcceptDraw { .. }
            | GameButton::DeclineDraw { .. }
            | GameButton::Claim,
        )) if reply.board.is_some() => ClickAnswer::Update,
        // The challenge becomes the game's first board, or the line that starts it in a
        // thread of its own (opened from that message).
        Some(ComponentAction::Challenge(_, ChallengeButton::Accept))
            if reply.board.is_some() || reply.thread.is_some() =>
        {
            ClickAnswer::Update
        }
        Some(ComponentAction::Challenge(_, ChallengeButton::Decline | ChallengeButton::Cancel))
            if reply.board.is_none() =>
        {
            ClickAnswer::Update
        }
        Some(ComponentAction::Leaderboard(_)) => ClickAnswer::Update,
        // Join and Leave change the sign-up message's list of entrants.
        Some(ComponentAction::Tournament(id, _)) if reply.tournament == Some(id) => {
            ClickAnswer::Update
        }
        _ => ClickAnswer::NewMessage,
    }
}

/// Edits never notify anyone, so a board updated in place is followed by a short message that
/// mentions the people the reply was meant to reach (other than the clicker): the reply's
/// first line, with their mentions in front, and a link to the board in the readers' language.
#[must_use]
pub fn ping_after_update(
    drawn: &Drawn,
    markup: &Markup,
    actor: u64,
    place: Place,
    board: Option<MessageRef>,
) -> Option<DiscordMessage> {
    let (reply, language) = (&drawn.reply, drawn.language);
    let mut others: Vec<u64> = Vec::new();
    for &id in &reply.mentions {
        if id != actor && !others.contains(&id) {
            others.push(id);
        }
    }
    if others.is_empty() {
        return None;
    }
    let text = markup.render(&reply.text);
    let mut content = ping_content(language, &others, &text, reply.game);
    if let Some(board) = board {
        let link = t!(
            language,
            DiscordBoardLink,
            link = message_link(place.guild, board)
        );
        let _ = write!(content, " {link}");
    }
    Some(DiscordMessage {
        content: truncate(&content, MAX_CONTENT),
        embeds: Vec::new(),
        files: Vec::new(),
        components: Vec::new(),
        mentions: others,
        ephemeral: false,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::outgoing::fixtures::{PLACE, board_reply, to_json};
    use dama_core::i18n::Language;
    use dama_core::store::GameId;
    #[test]
    fn clicks_update_the_board_in_place_only_for_public_boards() {
        let board = board_reply().reply;
        assert_eq!(
            click_answer("g:7:1:move", &board, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("g:7:1:draw+", &board, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("c:3:accept", &board, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("g:7:1:resign!", &board, true),
            ClickAnswer::NewMessage,
            "from the private confirmation"
        );
        assert_eq!(
            click_answer("g:7:9:rematch", &board, false),
            ClickAnswer::NewMessage
        );
        assert_eq!(
            click_answer("g:7:9:bump", &board, false),
            ClickAnswer::NewMessage,
            "a bumped board goes at the bottom"
        );
        let starts_in_a_thread = Reply {
            thread: Some(dama_service::ThreadStart {
                game: GameId(7),
                name: "Dama #7 · alice – bob".into(),
            }),
            ..Reply::public("bob accepted: game #7 is on in its thread.")
        };
        assert_eq!(
            click_answer("c:3:accept", &starts_in_a_thread, false),
            ClickAnswer::Update,
            "the challenge becomes the line the thread opens from"
        );
        let mistake = Reply::private("It is not your turn.");
        assert_eq!(
            click_answer("g:7:1:move", &mistake, false),
            ClickAnswer::Private
        );
        let puzzle_board = Reply {
            ephemeral: true,
            ..board.clone()
        };
        assert_eq!(
            click_answer("p:3:1:move", &puzzle_board, true),
            ClickAnswer::Update,
            "a private puzzle board becomes the next one"
        );
        assert_eq!(
            click_answer("p:3:1:move", &mistake, true),
            ClickAnswer::Private,
            "a stale puzzle board is refused in a message of its own"
        );
        assert_eq!(
            click_answer("p:3:2:next", &puzzle_board, true),
            ClickAnswer::Private,
            "the solved puzzle stays; the next comes below"
        );
        assert_eq!(
            click_answer("pd", &puzzle_board, false),
            ClickAnswer::Private,
            "the daily post stays public; the attempt is private"
        );
        let declined = Reply::public("bob declined.");
        assert_eq!(
            click_answer("c:3:decline", &declined, false),
            ClickAnswer::Update
        );
        assert_eq!(click_answer("l:2", &declined, false), ClickAnswer::Update);
        assert_eq!(
            click_answer("junk", &declined, false),
            ClickAnswer::NewMessage
        );
        let signup = Reply {
            tournament: Some(dama_core::store::TournamentId(4)),
            ..Reply::public("**Coppa**: sign-up open. Entrants (1): alice")
        };
        assert_eq!(
            click_answer("t:4:join", &signup, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("t:4:leave", &signup, false),
            ClickAnswer::Update
        );
        assert_eq!(
            click_answer("t:5:join", &signup, false),
            ClickAnswer::NewMessage,
            "another tournament's message is not the one clicked"
        );
        assert_eq!(
            click_answer(
                "t:4:join",
                &Reply::private("You have joined already."),
                false
            ),
            ClickAnswer::Private
        );
    }

    #[test]
    fn an_update_pings_the_others_with_the_headline() {
        let board = board_reply().reply;
        let board_message = Some(MessageRef {
            channel: 20,
            message: 30,
        });
        let ping = ping_after_update(
            &Drawn::text(board.clone(), Language::En),
            &Markup::default(),
            42,
            PLACE,
            board_message,
        )
        .unwrap();
        assert_eq!(
            ping.content,
            "<@43> — alice played **22-18**. · game #7 ([board](https://discord.com/channels/10/20/30))"
        );
        assert_eq!(
            to_json(&ping.into_followup())["allowed_mentions"]["users"],
            json!(["43"])
        );
        assert!(
            ping_after_update(
                &Drawn::text(board.clone(), Language::En),
                &Markup::default(),
                43,
                PLACE,
                board_message
            )
            .is_none(),
            "the clicker is not pinged"
        );
        let offer = Reply {
            text: "alice offers a draw to <@43>.\n…".into(),
            mentions: vec![42, 43],
            ..Reply::default()
        };
        assert_eq!(
            ping_after_update(
                &Drawn::text(offer.clone(), Language::En),
                &Markup::default(),
                42,
                PLACE,
                None
            )
            .unwrap()
            .content,
            "alice offers a draw to <@43>."
        );
    }
}
