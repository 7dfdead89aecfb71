//! `/hint`: the engine's best move, with a short reason, for the player to move in a game
//! against the engine; up to [`crate::ServiceSettings::engine_hints`] a game. Refused in games
//! between people. The game's PDN records each hint.
//!
//! The search is [`dama_coach::hint::hint`] at [`HINT_NODES`] nodes, whatever the engine's level, on
//! an engine of the pool (whose transposition table it clears first, so a hint depends on the
//! position alone). A hint is private: only the player sees it, with the board after the move.

use dama_engine::Limits;
use dama_rules::{Color, Move, Position};

use crate::action::{Flow, Origin, refuse};
use crate::engine_pool::Request;
use crate::limits::engine_busy_text;
use crate::{Actor, Cooldown, GameService, Reply, engine_name};
use dama_coach::analysis::format_evaluation;
use dama_coach::hint::{HINT_NODES, Hint, HintReason};
use dama_core::i18n::{Language, t};
use dama_core::store::{GameExport, HintRecord, Millis, Participant, StoreError};
use dama_render::BoardView;

impl GameService {
    /// `/hint`: the actor's game in this channel (or the board's game).
    pub(crate) fn hint(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let language = actor.language;
        let (loaded, colour) = self.player_game(actor, origin)?;
        let record = &loaded.record;
        let Participant::Engine(level) = record.participant(!colour) else {
            return refuse(t!(language, HintBetweenPeople));
        };
        if loaded.turn() != colour {
            return refuse(t!(
                language,
                HintEngineWait,
                engine = engine_name(language, level)
            ));
        }
        let allowed = self.settings.engine_hints;
        if allowed == 0 {
            return refuse(t!(language, HintOff));
        }
        let position = *loaded.position();
        let fen = position.to_fen();
        // No search once the hints are used up (unless this very hint is asked again).
        let given = self.store.hints(record.id)?;
        let asked_before = given
            .iter()
            .any(|hint| hint.ply == record.ply && hint.fen == fen);
        if !asked_before && given.len() >= allowed as usize {
            return refuse(t!(language, HintNoneLeft, allowed = allowed));
        }
        // Asked again on the same position or not, a hint is a search: the cooldown counts both.
        let cooldown = self.take_cooldown(language, Cooldown::Hint(actor.user))?;
        let game = loaded.game.clone();
        let tables = self.tables.clone();
        let found = self
            .engines
            .with_engine(&Request::silent(Some(actor.user)), |engine| {
                dama_coach::hint::hint(engine, &game, &Limits::nodes(HINT_NODES), tables.as_deref())
            });
        let found = match found {
            Ok(found) => found,
            Err(busy) => return refuse(engine_busy_text(language, busy)),
        };
        let Some(found) = found else {
            return refuse(t!(language, HintStale));
        };
        let recorded = self.store.record_hint(
            record.id,
            record.ply,
            &fen,
            &found.best.long(),
            allowed,
            self.now(),
        );
        if matches!(
            recorded,
            Ok(HintRecord::Recorded { .. } | HintRecord::Again { .. })
        ) {
            cooldown.keep();
        }
        let (used, again) = match recorded {
            Ok(HintRecord::Recorded { used }) => (used, false),
            Ok(HintRecord::Again { hint, used }) => {
                // The hint given before is the one that counts; a search gives the same move,
                // unless the engine changed since.
                if hint.move_long != found.best.long() {
                    if let Ok(earlier) = position.parse_move(&hint.move_long) {
                        let left = allowed - used.min(allowed);
                        return Ok(hint_reply(
                            language, &position, colour, earlier, None, left, true,
                        ));
                    }
                }
                (used, true)
            }
            Ok(HintRecord::LimitReached { .. }) => {
                return refuse(t!(language, HintNoneLeft, allowed = allowed));
            }
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                return refuse(t!(language, HintStale));
            }
            Err(other) => return Err(other.into()),
        };
        let reason = reason_text(language, &position, &found);
        let left = allowed - used.min(allowed);
        Ok(hint_reply(
            language,
            &position,
            colour,
            found.best,
            Some(reason),
            left,
            again,
        ))
    }
}

/// The private answer: the move as the player writes it, why, the hints left, and the
/// board after the move with its path drawn, from the player's side.
fn hint_reply(
    language: Language,
    position: &Position,
    colour: Color,
    best: Move,
    reason: Option<String>,
    left: u32,
    again: bool,
) -> Reply {
    let written = position.move_text(&best);
    let mut text = t!(language, HintMove, move = written.clone());
    if let Some(reason) = reason {
        text.push(' ');
        text.push_str(&reason);
    }
    text.push('\n');
    if again {
        text.push_str(&t!(language, HintAgain));
        text.push(' ');
    }
    text.push_str(&t!(language, HintLeft, left = left));
    let mut after = *position;
    after.play_unchecked(&best);
    let mut board = BoardView::new(after);
    board.last_move = Some(best);
    board.bottom = colour;
    board.caption = Some(t!(language, HintCaption, move = written));
    let mut reply = Reply::private(text);
    reply.board = Some(board);
    reply
}

/// A line of moves from `position` as written (`22-18 11-15 18x11`).
fn written_line(position: &Position, line: &[Move]) -> String {
    let mut here = *position;
    let mut words = Vec::with_capacity(line.len());
    for m in line {
        words.push(here.move_text(m));
        here.play_unchecked(m);
    }
    words.join(" ")
}

/// The reason of a hint in words, in `language`.
fn reason_text(language: Language, position: &Position, hint: &Hint) -> String {
    match &hint.reason {
        HintReason::OnlyMove => t!(language, HintReasonOnlyMove),
        HintReason::TableWin { moves } => t!(language, HintReasonTableWin, moves = *moves),
        HintReason::ForcedWin { moves } => t!(language, HintReasonForcedWin, moves = *moves),
        HintReason::Capture {
            taken,
            kings,
            other,
            margin,
            loses,
        } => {
            let mut text = t!(language, HintReasonCapture, taken = *taken, kings = *kings);
            if !other.same_effect(&hint.best) {
                text.push(' ');
                let other_text = position.move_text(other);
                text.push_str(&if *loses > 0 {
                    t!(
                        language,
                        HintReasonCaptureLoses,
                        other = other_text,
                        pieces = *loses
                    )
                } else {
                    t!(
                        language,
                        HintReasonCaptureWorse,
                        other = other_text,
                        margin = format_evaluation(*margin)
                            .trim_start_matches('+')
                            .to_owned()
                    )
                });
            }
            text
        }
        HintReason::Shot {
            pieces,
            crowns,
            line,
        } => {
            let line = written_line(position, line);
            if *crowns {
                t!(
                    language,
                    HintReasonShotCrowns,
                    line = line,
                    pieces = *pieces
                )
            } else {
                t!(language, HintReasonShot, line = line, pieces = *pieces)
            }
        }
        HintReason::AvoidsShot {
            alternative,
            pieces,
            line,
        } => {
            let mut after = *position;
            after.play_unchecked(alternative);
            t!(
                language,
                HintReasonAvoidsShot,
                alternative = position.move_text(alternative),
                line = written_line(&after, line),
                pieces = *pieces,
            )
        }
        HintReason::Crowns => t!(language, HintReasonCrowns),
        HintReason::Positional if dama_engine::is_decisive(hint.evaluation) => {
            t!(language, HintReasonResists)
        }
        HintReason::Positional => t!(
            language,
            HintReasonPositional,
            evaluation = format_evaluation(hint.evaluation)
        ),
    }
}

/// A game's takeback comments (`takebacks`, one for each of `export.takebacks`, in order) and
/// its hints' comments (see [`pdn_comments`]) together, by ply and, at one ply, in the order
/// they happened.
pub(crate) fn with_hint_comments(
    language: Language,
    takebacks: Vec<(usize, String)>,
    export: &GameExport,
    name: impl Fn(Color) -> String,
) -> Vec<(usize, String)> {
    let mut timed: Vec<(usize, Millis, String)> = takebacks
        .into_iter()
        .zip(&export.takebacks)
        .map(|((ply, text), takeback)| (ply, takeback.at, text))
        .collect();
    let asked = export.hints.iter().map(|hint| hint.asked_at);
    // The count goes after everything else.
    for ((ply, text), at) in pdn_comments(language, &export.hints, name)
        .into_iter()
        .zip(asked.chain([Millis::MAX]))
    {
        timed.push((ply, at, text));
    }
    timed.sort_by_key(|(ply, at, _)| (*ply, *at));
    timed
        .into_iter()
        .map(|(ply, _, text)| (ply, text))
        .collect()
}

/// The PDN comments of a game's hints, each with the ply it goes before (the ply it was asked
/// at), in `language`, then one after the last move with how many there were; none without
/// hints. `name` names a side. The move is written in the position the hint was given in.
pub(crate) fn pdn_comments(
    language: Language,
    hints: &[dama_core::store::Hint],
    name: impl Fn(Color) -> String,
) -> Vec<(usize, String)> {
    let mut comments = Vec::with_capacity(hints.len() + 1);
    let mut asker = None;
    for hint in hints {
        let position = Position::from_fen(&hint.fen).ok();
        let colour = position.map_or(Color::White, |p| p.turn());
        asker.get_or_insert(colour);
        let written = position
            .and_then(|p| p.parse_move(&hint.move_long).ok().map(|m| p.move_text(&m)))
            .unwrap_or_else(|| hint.move_long.clone());
        comments.push((
            hint.ply as usize,
            t!(
                language,
                HintPdnComment,
                player = name(colour),
                move = written
            ),
        ));
    }
    if let Some(colour) = asker {
        comments.push((
            usize::MAX,
            t!(
                language,
                HintPdnTotal,
                player = name(colour),
                count = hints.len()
            ),
        ));
    }
    comments
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reason reads in every language, with its moves as the player writes them.
    #[test]
    fn every_reason_is_worded_in_every_language() {
        dama_core::i18n::set_strict(true);
        let position = Position::initial();
        let m = |p: &Position, text: &str| p.parse_move(text).unwrap();
        let best = m(&position, "22-18");
        let mut after = position;
        after.play_unchecked(&m(&position, "21-17"));
        let line = vec![m(&after, "10-14")];
        let reasons = [
            HintReason::OnlyMove,
            HintReason::TableWin { moves: 9 },
            HintReason::ForcedWin { moves: 1 },
            HintReason::Capture {
                taken: 2,
                kings: 1,
                other: m(&position, "21-17"),
                margin: 130,
                loses: 0,
            },
            HintReason::Capture {
                taken: 1,
                kings: 0,
                other: m(&position, "21-17"),
                margin: 200,
                loses: 2,
            },
            HintReason::Shot {
                pieces: 2,
                crowns: true,
                line: vec![best],
            },
            HintReason::Shot {
                pieces: 1,
                crowns: false,
                line: vec![best],
            },
            HintReason::AvoidsShot {
                alternative: m(&position, "21-17"),
                pieces: 1,
                line,
            },
            HintReason::Crowns,
            HintReason::Positional,
        ];
        let lost = Hint {
            best,
            reason: HintReason::Positional,
            evaluation: -dama_engine::WIN + 9,
        };
        for language in Language::ALL {
            let text = reason_text(language, &position, &lost);
            assert!(!text.contains("299"), "{text}");
        }
        for language in Language::ALL {
            let mut texts = Vec::new();
            for reason in &reasons {
                let hint = Hint {
                    best,
                    reason: reason.clone(),
                    evaluation: -35,
                };
                let text = reason_text(language, &position, &hint);
                assert!(!text.is_empty() && !text.contains("hint-"), "{text}");
                assert!(text.ends_with('.'), "{language:?}: {text}");
                texts.push(text);
            }
            let all = texts.join("\n");
            assert!(all.contains("21-17") && all.contains("10-14"), "{all}");
            assert!(all.contains(" 1.30") && all.contains("-0.35"), "{all}");
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), reasons.len(), "{all}");
        }
        let english = |reason: HintReason| {
            reason_text(
                Language::En,
                &position,
                &Hint {
                    best,
                    reason,
                    evaluation: 0,
                },
            )
        };
        assert_eq!(
            english(reasons[3].clone()),
            "You must capture, and this capture takes 2 pieces, a king among them. The other \
             capture, 21-17, is worse by 1.30."
        );
        assert_eq!(
            english(reasons[1].clone()),
            "It wins: the endgame tables give a win in 9 moves."
        );
    }

    #[test]
    fn the_pdn_comments_name_the_asker_and_count() {
        dama_core::i18n::set_strict(true);
        let start = Position::initial();
        let hints = [dama_core::store::Hint {
            ply: 0,
            fen: start.to_fen(),
            move_long: "22-18".into(),
            asked_at: 0,
        }];
        let name = |colour: Color| {
            if colour == Color::White {
                "alice".to_owned()
            } else {
                "Dama".to_owned()
            }
        };
        assert_eq!(
            pdn_comments(Language::It, &hints, name),
            [
                (0, "alice ha chiesto un suggerimento: 22-18".to_owned()),
                (
                    usize::MAX,
                    "alice ha chiesto un suggerimento in questa partita".to_owned()
                ),
            ]
        );
        assert!(pdn_comments(Language::En, &[], name).is_empty());
    }
}
