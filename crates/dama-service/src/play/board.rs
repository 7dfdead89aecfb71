//! How a game is shown: the board with its text, buttons and move menu, the names of the
//! players, and `/board` and the Flip button.

use dama_core::i18n::human_duration;
use dama_core::text::{Part, RichText};
use dama_rules::Color;

use crate::action::{Flow, Origin, refuse};
use crate::loaded::Loaded;
use crate::notify::live_time;
use crate::reply::{ButtonStyle, ComponentAction, GameButton, SelectOption, button};
use crate::takeback::first_ply_of;
use crate::texts::command;
use crate::{Actor, Component, Cooldown, GameService, Reply, engine_name};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{GameResult, GameStatus, Participant};
use dama_render::BoardView;

impl GameService {
    /// The name of whoever plays a side, as a part of a message text (a name as written); the
    /// engine is named in `language`.
    pub(crate) fn participant_name(
        &self,
        language: Language,
        guild: u64,
        participant: Participant,
    ) -> Part {
        match participant {
            Participant::User(_) => Part::Name(self.plain_name(language, guild, participant)),
            Participant::Engine(level) => Part::Words(engine_name(language, level)),
        }
    }

    /// The name of whoever plays a side as written, for image captions and hints.
    pub(crate) fn plain_name(
        &self,
        language: Language,
        guild: u64,
        participant: Participant,
    ) -> String {
        match participant {
            Participant::User(user) => {
                if let Ok(Some(player)) = self.store.player(guild, user) {
                    player.display_name
                } else {
                    t!(language, GameUnknownPlayer, user = user.to_string())
                }
            }
            Participant::Engine(level) => engine_name(language, level),
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

    /// The image caption: players (with their ratings while the game runs), move number, whose
    /// turn or the result. A finished game's message gives the ratings' change, and its caption
    /// keeps the room for the result.
    fn caption(&self, language: Language, loaded: &Loaded) -> String {
        let record = &loaded.record;
        let active = record.status == GameStatus::Active;
        let name = |participant: Participant| {
            let name = self.plain_name(language, record.guild, participant);
            if active {
                format!("{name}{}", self.rating_suffix(record.guild, participant))
            } else {
                name
            }
        };
        let state = if active {
            t!(language, GameCaptionTurn, color = loaded.turn().name())
        } else {
            t!(
                language,
                GameCaptionResult,
                result = result_word(record.result)
            )
        };
        t!(
            language,
            GameCaption,
            white = name(record.white),
            black = name(record.black),
            move = loaded.game.ply() / 2 + 1,
            state = state,
        )
    }

    /// The board of a game with its text and components, in `language`.
    pub(crate) fn board_reply(
        &self,
        language: Language,
        loaded: &Loaded,
        headline: impl Into<RichText>,
        bottom: Option<Color>,
    ) -> Reply {
        let record = &loaded.record;
        let headline = headline.into();
        let mut text = RichText::new();
        if !headline.is_empty() {
            text.append(headline);
            text.push_str("\n");
        }
        let mut mentions = Vec::new();
        let mut components: Vec<Vec<Component>> = Vec::new();
        let ply = record.ply;
        let id = record.id;
        if record.status == GameStatus::Active {
            let turn = loaded.turn();
            let to_move = record.participant(turn);
            let game = id.to_string();
            let number = ply / 2 + 1;
            // The person to move is mentioned if they chose mentions, else named.
            let (player, notified) = self.turn_name(language, record.guild, to_move);
            let color = turn.name();
            text.append(match to_move {
                Participant::User(user) if record.clock.is_some() => {
                    if notified {
                        mentions.push(user);
                    }
                    tr!(
                        language,
                        GameBoardTurnLive,
                        game = game,
                        move = number,
                        player = player,
                        color = color,
                        flag = live_time(record.deadline()),
                    )
                }
                Participant::User(user) => {
                    if notified {
                        mentions.push(user);
                    }
                    tr!(
                        language,
                        GameBoardTurnClock,
                        game = game,
                        move = number,
                        player = player,
                        color = color,
                        per_move = human_duration(language, record.time_per_move_ms),
                        deadline = live_time(record.deadline()),
                    )
                }
                Participant::Engine(_) => tr!(
                    language,
                    GameBoardTurn,
                    game = game,
                    move = number,
                    player = player,
                    color = color,
                ),
            });
            if let Some(clocks) = self.clocks_line(language, record) {
                text.push_str("\n");
                text.push_str(&clocks);
            }
            if loaded.position().must_capture() {
                text.push_str("\n");
                text.push_str(&t!(language, GameBoardCapture));
            }
            if let Some(offer) = record.draw_offer {
                let offerer = record.participant(offer.by);
                text.push_str("\n");
                text.append(tr!(
                    language,
                    GameBoardDrawOffer,
                    player = mention(language, offerer)
                ));
                components.push(vec![
                    button(
                        ComponentAction::Game(
                            id,
                            ply,
                            GameButton::AcceptDraw {
                                offer: Some(offer.number),
                            },
                        ),
                        &t!(language, GameButtonAcceptDraw),
                        ButtonStyle::Success,
                    ),
                    button(
                        ComponentAction::Game(
                            id,
                            ply,
                            GameButton::DeclineDraw {
                                offer: Some(offer.number),
                            },
                        ),
                        &t!(language, GameButtonDeclineDraw),
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
                        placeholder: t!(language, GameMoveMenu),
                        options,
                    }],
                );
            } else if matches!(to_move, Participant::User(_)) {
                text.push_str("\n");
                text.append(tr!(
                    language,
                    GameBoardTypeMove,
                    count = moves.len(),
                    cmd_move = command("move"),
                ));
            }
            let flip = GameButton::Flip {
                black_bottom: bottom_of(loaded, bottom) == Color::Black,
            };
            let mut row = vec![
                button(
                    ComponentAction::Game(id, ply, GameButton::OfferDraw),
                    &t!(language, GameButtonOfferDraw),
                    ButtonStyle::Secondary,
                ),
                button(
                    ComponentAction::Game(id, ply, GameButton::Resign),
                    &t!(language, GameButtonResign),
                    ButtonStyle::Danger,
                ),
                button(
                    ComponentAction::Game(id, ply, flip),
                    &t!(language, GameButtonFlip),
                    ButtonStyle::Secondary,
                ),
            ];
            if record.deadline() < self.now() && matches!(to_move, Participant::User(_)) {
                row.push(button(
                    ComponentAction::Game(id, ply, GameButton::Claim),
                    &t!(language, GameButtonClaim),
                    ButtonStyle::Primary,
                ));
            }
            components.push(row);
            // A second row for what leaves the position alone: going back, posting anew.
            let mut row = Vec::new();
            if self.takeback_offered(loaded) {
                row.push(button(
                    ComponentAction::Game(id, ply, GameButton::Takeback),
                    &t!(language, TakebackButton),
                    ButtonStyle::Secondary,
                ));
            }
            row.push(button(
                ComponentAction::Game(id, ply, GameButton::Bump),
                &t!(language, GamesButtonBump),
                ButtonStyle::Secondary,
            ));
            components.push(row);
            if let Some(verdict) = self.table_verdict(language, record, loaded.position()) {
                text.push_str("\n");
                text.push_str(&verdict);
            }
        } else {
            text.push_str(&t!(language, GameBoardOver, game = id.to_string()));
            if let Some(verdict) = self.table_verdict(language, record, loaded.position()) {
                text.push_str("\n");
                text.push_str(&verdict);
            }
            components.push(vec![button(
                ComponentAction::Game(id, ply, GameButton::Rematch),
                &t!(language, GameButtonRematch),
                ButtonStyle::Primary,
            )]);
        }
        if self.board_launch {
            // Beside the last row's buttons (never more than three there), so a board keeps
            // within Discord's five rows.
            let open = button(
                ComponentAction::Game(id, ply, GameButton::Open),
                &t!(language, ActivityButtonOpen),
                ButtonStyle::Primary,
            );
            match components.last_mut() {
                Some(row)
                    if row.len() < 5
                        && row.iter().all(|c| matches!(c, Component::Button { .. })) =>
                {
                    row.push(open);
                }
                _ => components.push(vec![open]),
            }
        }
        Reply {
            text,
            board: Some(board_view(loaded, bottom, self.caption(language, loaded))),
            components,
            mentions,
            game: Some(id),
            language: Some(language),
            ..Reply::default()
        }
    }

    /// `/board`: the current board, posted anew. It pings nobody: whoever asked sees it, and
    /// the player to move was told when the move before was made.
    pub(crate) fn board(&self, actor: &Actor, origin: Origin, flip: bool) -> Flow<Reply> {
        let loaded = self.find_active(actor, origin)?;
        let cooldown = Cooldown::Board(actor.user, actor.channel);
        self.cooled_down(actor.language, cooldown)?;
        self.used(cooldown);
        let default_bottom = bottom_of(&loaded, None);
        let bottom = if flip { Some(!default_bottom) } else { None };
        let mut reply = self.board_reply(self.game_language(&loaded.record), &loaded, "", bottom);
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
                    return refuse(t!(actor.language, GameMissing));
                };
                self.load(record)?
            }
            None => self.find_active(actor, origin)?,
        };
        // Only the clicker sees it: in their language.
        let mut reply = self.board_reply(actor.language, &loaded, "", Some(bottom));
        reply.ephemeral = true;
        reply.components.clear();
        reply.mentions.clear();
        reply.game = None;
        Ok(reply)
    }
}

/// The people who play a game (one against the engine, two otherwise).
pub(crate) fn players(
    record: &dama_core::store::Game,
) -> impl Iterator<Item = dama_core::store::UserId> {
    [record.white, record.black]
        .into_iter()
        .filter_map(Participant::user)
}

/// A person (a mention on Discord), or the engine's name in `language`.
pub(crate) fn mention(language: Language, participant: Participant) -> Part {
    match participant {
        Participant::User(user) => Part::Person(user),
        Participant::Engine(level) => Part::Words(engine_name(language, level)),
    }
}

/// A game's result as the messages select on it: `white`, `black` (who won), `draw`, or
/// `aborted` for none.
pub(crate) fn result_word(result: Option<GameResult>) -> &'static str {
    match result {
        Some(GameResult::WhiteWins) => "white",
        Some(GameResult::BlackWins) => "black",
        Some(GameResult::Draw) => "draw",
        None => "aborted",
    }
}

pub(crate) fn bottom_of(loaded: &Loaded, bottom: Option<Color>) -> Color {
    board_view(loaded, bottom, String::new()).bottom
}

/// Makes select labels unique (two captures with the same ends get their long form).
pub(crate) fn disambiguate_labels(options: &mut [SelectOption]) {
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
    view.highlight_capturers = record.status == dama_core::store::GameStatus::Active;
    view.caption = Some(caption);
    view
}

impl GameService {
    /// The Bump button: the current board posted anew at the bottom of the channel, like
    /// `/board` (with its cooldown); the adapter takes the controls off the board it
    /// replaces.
    pub(crate) fn bump(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        self.board(actor, origin, false)
    }

    /// Whether an active game's board has the Takeback button: against the engine while its
    /// player is to move with a move of theirs to take back and takebacks left; between
    /// members once a move was made (the request is refused to whoever has none).
    pub(crate) fn takeback_offered(&self, loaded: &Loaded) -> bool {
        let record = &loaded.record;
        let turn = loaded.turn();
        match (record.participant(turn), record.participant(!turn)) {
            (Participant::User(_), Participant::Engine(_)) => {
                record.takebacks < self.settings.engine_takebacks
                    && record.ply >= first_ply_of(loaded.game.start(), turn) + 2
            }
            (Participant::Engine(_), _) => false,
            (Participant::User(_), Participant::User(_)) => record.ply > 0,
        }
    }
}
