//! How a game is shown: the board with its text, buttons and move menu, the names of the
//! players, and `/board` and the Flip button.

use std::fmt::Write as _;

use dama_rules::Color;

use super::action::{Flow, Origin, refuse};
use super::loaded::Loaded;
use super::reply::{ButtonStyle, ComponentAction, GameButton, SelectOption, button};
use super::{
    Actor, Component, Cooldown, GameService, Reply, engine_name, escape_markdown, human_duration,
};
use crate::i18n::Language;
use crate::render::BoardView;
use crate::store::{GameStatus, Participant};

impl GameService {
    /// The name of whoever plays a side, as message text (see [`escape_markdown`]).
    pub(crate) fn participant_name(&self, guild: u64, participant: Participant) -> String {
        match participant {
            Participant::User(_) => escape_markdown(&self.plain_name(guild, participant)),
            Participant::Engine(level) => engine_name(Language::En, level),
        }
    }

    /// The name of whoever plays a side as written, for image captions.
    pub(crate) fn plain_name(&self, guild: u64, participant: Participant) -> String {
        match participant {
            Participant::User(user) => match self.store.player(guild, user) {
                Ok(Some(player)) => player.display_name,
                _ => format!("player {user}"),
            },
            Participant::Engine(level) => engine_name(Language::En, level),
        }
    }

    fn rating_suffix(&self, guild: u64, participant: Participant) -> String {
        match participant {
            Participant::User(user) => match self.store.player(guild, user) {
                Ok(Some(player)) => format!(" ({:.0})", player.rating.rating),
                _ => String::new(),
            },
            Participant::Engine(_) => String::new(),
        }
    }

    /// The image caption: players and ratings, move number, whose turn or the result.
    fn caption(&self, loaded: &Loaded) -> String {
        let record = &loaded.record;
        let white = self.plain_name(record.guild, record.white);
        let black = self.plain_name(record.guild, record.black);
        let state = match (record.status, record.result) {
            (GameStatus::Active, _) => format!("{} to move", loaded.turn()),
            (_, Some(result)) => result.pdn().to_owned(),
            (_, None) => "aborted".to_owned(),
        };
        format!(
            "{white}{} vs {black}{} · move {} · {state}",
            self.rating_suffix(record.guild, record.white),
            self.rating_suffix(record.guild, record.black),
            loaded.game.ply() / 2 + 1,
        )
    }

    /// The board of a game with its text and components.
    pub(crate) fn board_reply(
        &self,
        loaded: &Loaded,
        headline: &str,
        bottom: Option<Color>,
    ) -> Reply {
        let record = &loaded.record;
        let mut text = String::new();
        if !headline.is_empty() {
            text.push_str(headline);
            text.push('\n');
        }
        let mut mentions = Vec::new();
        let mut components: Vec<Vec<Component>> = Vec::new();
        let ply = record.ply;
        let id = record.id;
        if record.status == GameStatus::Active {
            let turn = loaded.turn();
            let to_move = record.participant(turn);
            let _ = write!(
                text,
                "**Game #{id}** · move {} · {} ({}) to move",
                ply / 2 + 1,
                mention(to_move),
                turn.name()
            );
            if let Participant::User(user) = to_move {
                mentions.push(user);
                let _ = write!(
                    text,
                    " · {} per move, {} left",
                    human_duration(Language::En, record.time_per_move_ms),
                    human_duration(Language::En, record.deadline() - self.now())
                );
            }
            if loaded.position().must_capture() {
                text.push_str("\nA capture is compulsory.");
            }
            if let Some(offer) = record.draw_offer {
                let offerer = record.participant(offer.by);
                let _ = write!(text, "\n{} offers a draw.", mention(offerer));
                components.push(vec![
                    button(
                        ComponentAction::Game(id, ply, GameButton::AcceptDraw),
                        "Accept draw",
                        ButtonStyle::Success,
                    ),
                    button(
                        ComponentAction::Game(id, ply, GameButton::DeclineDraw),
                        "Decline draw",
                        ButtonStyle::Secondary,
                    ),
                ]);
            }
            let moves = loaded.position().legal_moves();
            if !moves.is_empty() && moves.len() <= 25 && matches!(to_move, Participant::User(_)) {
                let mut options: Vec<SelectOption> = Vec::new();
                for m in &moves {
                    let value = m.long();
                    if options.iter().any(|o| o.value == value) {
                        continue;
                    }
                    options.push(SelectOption {
                        label: loaded.position().move_text(m),
                        value,
                    });
                }
                // Two paths with the same landings are one choice; labels must stay distinct.
                disambiguate_labels(&mut options);
                components.insert(
                    0,
                    vec![Component::Select {
                        id: ComponentAction::Game(id, ply, GameButton::Move).id(),
                        placeholder: "Choose your move".to_owned(),
                        options,
                    }],
                );
            } else if matches!(to_move, Participant::User(_)) {
                let _ = write!(
                    text,
                    "\n{} legal moves: type yours with `/move`.",
                    moves.len()
                );
            }
            let flip = GameButton::Flip {
                black_bottom: bottom_of(loaded, bottom) == Color::Black,
            };
            let mut row = vec![
                button(
                    ComponentAction::Game(id, ply, GameButton::OfferDraw),
                    "Offer draw",
                    ButtonStyle::Secondary,
                ),
                button(
                    ComponentAction::Game(id, ply, GameButton::Resign),
                    "Resign",
                    ButtonStyle::Danger,
                ),
                button(
                    ComponentAction::Game(id, ply, flip),
                    "Flip board",
                    ButtonStyle::Secondary,
                ),
            ];
            if record.deadline() < self.now() && matches!(to_move, Participant::User(_)) {
                row.push(button(
                    ComponentAction::Game(id, ply, GameButton::Claim),
                    "Claim win",
                    ButtonStyle::Primary,
                ));
            }
            components.push(row);
            if let Some(verdict) = self.table_verdict(record, loaded.position()) {
                let _ = write!(text, "\n{verdict}");
            }
        } else {
            let _ = write!(text, "**Game #{id}** is over.");
            if let Some(verdict) = self.table_verdict(record, loaded.position()) {
                let _ = write!(text, "\n{verdict}");
            }
            components.push(vec![button(
                ComponentAction::Game(id, ply, GameButton::Rematch),
                "Rematch",
                ButtonStyle::Primary,
            )]);
        }
        Reply {
            text,
            board: Some(board_view(loaded, bottom, self.caption(loaded))),
            components,
            mentions,
            game: Some(id),
            ..Reply::default()
        }
    }

    /// `/board`: the current board, posted anew. It pings nobody: whoever asked sees it, and
    /// the player to move was told when the move before was made.
    pub(crate) fn board(&self, actor: &Actor, origin: Origin, flip: bool) -> Flow<Reply> {
        let loaded = self.find_active(actor, origin)?;
        let cooldown = Cooldown::Board(actor.user, actor.channel);
        self.cooled_down(cooldown)?;
        self.used(cooldown);
        let default_bottom = bottom_of(&loaded, None);
        let bottom = if flip { Some(!default_bottom) } else { None };
        let mut reply = self.board_reply(&loaded, "", bottom);
        reply.mentions.clear();
        Ok(reply)
    }

    /// The Flip button: a board seen with `bottom` at the bottom, for the clicker only: the
    /// board's game (over or not), or the actor's channel's.
    pub(crate) fn flipped_board(
        &self,
        actor: &Actor,
        origin: Origin,
        bottom: Color,
    ) -> Flow<Reply> {
        let loaded = match origin.game() {
            Some(game) => {
                let Some(record) = self.store.game(game)? else {
                    return refuse("That game does not exist.");
                };
                self.load(record)?
            }
            None => self.find_active(actor, origin)?,
        };
        let mut reply = self.board_reply(&loaded, "", Some(bottom));
        reply.ephemeral = true;
        reply.components.clear();
        reply.mentions.clear();
        reply.game = None;
        Ok(reply)
    }
}

/// The people who play a game (one against the engine, two otherwise).
pub(crate) fn players(record: &crate::store::Game) -> impl Iterator<Item = crate::store::UserId> {
    [record.white, record.black]
        .into_iter()
        .filter_map(Participant::user)
}

/// A mention of a person, or the engine's name.
pub(crate) fn mention(participant: Participant) -> String {
    match participant {
        Participant::User(user) => format!("<@{user}>"),
        Participant::Engine(level) => engine_name(Language::En, level),
    }
}

pub(crate) fn bottom_of(loaded: &Loaded, bottom: Option<Color>) -> Color {
    board_view(loaded, bottom, String::new()).bottom
}

/// Makes select labels unique (two captures with the same ends get their long form).
fn disambiguate_labels(options: &mut [SelectOption]) {
    let labels: Vec<String> = options.iter().map(|o| o.label.clone()).collect();
    for option in options.iter_mut() {
        if labels.iter().filter(|l| **l == option.label).count() > 1 {
            option.label.clone_from(&option.value);
        }
    }
}

/// The board view of a game: from the side to move when people play, from the person's side
/// against the engine.
fn board_view(loaded: &Loaded, bottom: Option<Color>, caption: String) -> BoardView {
    let record = &loaded.record;
    let bottom = bottom.unwrap_or_else(|| match (record.white, record.black) {
        (Participant::Engine(_), Participant::User(_)) => Color::Black,
        (Participant::User(_), Participant::Engine(_)) => Color::White,
        _ => loaded.turn(),
    });
    let mut view = BoardView::new(*loaded.position());
    view.last_move = loaded.last_move();
    view.bottom = bottom;
    view.highlight_capturers = record.status == crate::store::GameStatus::Active;
    view.caption = Some(caption);
    view
}
