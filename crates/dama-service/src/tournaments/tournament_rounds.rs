//! A tournament's rounds: pairing the next one once the last has ended (Swiss by
//! [`pair_swiss_round`], round robin by [`round_robin`]), starting its games in threads,
//! announcing it, and the final standings. Everything is read back from the store, so a
//! restart loses nothing; the store's key on a round decides which of two callers pairs it.

use crate::outbox::Delivery;
use crate::sweep::isolated;
use crate::{GameService, Notice, Reply, ServiceError};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    Entrant, Game, GameStatus, Millis, NewPairing, NewRound, OutboxEvent, Participant, StoreError,
    Tournament, TournamentFormat, TournamentId, TournamentPairing, TournamentRound,
    TournamentStatus, UserId,
};
use dama_core::text::{Part, RichText};
use dama_core::tournament::{
    GameResult, Pairing, Player, Round, StandingRow, TournamentState, openings, pair_swiss_round,
    round_robin, standings,
};
use dama_render::TableView;

/// Players a tournament needs to start.
pub const MIN_PLAYERS: usize = 3;
/// Rows of the standings given as text (the table image has them all).
pub const STANDINGS_TEXT_ROWS: usize = 30;

/// A tournament as stored: its entrants, rounds and boards.
pub(crate) struct Stored {
    pub tournament: Tournament,
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<TournamentRound>,
    pub pairings: Vec<TournamentPairing>,
}

impl Stored {
    /// Games each pairing plays (the legs of a round).
    fn legs(&self) -> usize {
        usize::from(self.tournament.games_per_pairing.max(1))
    }

    /// The entrants in seeding order: highest rating at sign-up first, then who joined first.
    pub fn seeded(&self) -> Vec<Entrant> {
        let mut seeded = self.entrants.clone();
        seeded.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(a.joined_at.cmp(&b.joined_at))
                .then(a.user.cmp(&b.user))
        });
        seeded
    }

    /// The state for the pure core: each leg of a round is one of its rounds (a bye counts
    /// in each leg), and a withdrawal from round `r` is one from the first leg of `r`.
    pub fn state(&self) -> TournamentState {
        let legs = self.legs();
        let players = self
            .seeded()
            .into_iter()
            .map(|e| Player {
                id: e.user,
                rating: e.rating,
                withdrawn_from: e.withdrawn_from.map(|r| (r as usize - 1) * legs),
            })
            .collect();
        let mut rounds = Vec::new();
        for round in &self.rounds {
            let boards: Vec<&TournamentPairing> = self
                .pairings
                .iter()
                .filter(|p| p.round == round.number)
                .collect();
            let bye = boards.iter().find(|p| p.black.is_none()).map(|p| p.white);
            for leg in 1..=legs {
                rounds.push(Round {
                    pairings: boards
                        .iter()
                        .filter(|p| usize::from(p.leg) == leg)
                        .filter_map(|p| {
                            Some(Pairing {
                                white: p.white,
                                black: p.black?,
                                result: p.result,
                            })
                        })
                        .collect(),
                    bye,
                });
            }
        }
        TournamentState { players, rounds }
    }

    /// Rounds the tournament plays: the Swiss count, or the round robin's for its entrants.
    pub fn total_rounds(&self) -> u32 {
        match self.tournament.format {
            TournamentFormat::Swiss { rounds } => rounds,
            TournamentFormat::RoundRobin => {
                let n = self.entrants.len();
                u32::try_from(if n < 2 { 0 } else { n - 1 + n % 2 }).unwrap_or(u32::MAX)
            }
        }
    }

    /// The boards of round `number`.
    pub fn boards(&self, number: u32) -> impl Iterator<Item = &TournamentPairing> + '_ {
        self.pairings.iter().filter(move |p| p.round == number)
    }

    /// Whether every game of the last round paired has its result (true before round 1).
    fn last_round_over(&self) -> bool {
        let Some(last) = self.rounds.last() else {
            return true;
        };
        self.boards(last.number)
            .all(|p| p.black.is_none() || p.result.is_some())
    }

    /// The board `user` plays in round `number` (leg 1 first).
    pub fn boards_of(&self, number: u32, user: UserId) -> Vec<TournamentPairing> {
        self.boards(number)
            .filter(|p| p.black.is_some() && (p.white == user || p.black == Some(user)))
            .copied()
            .collect()
    }
}

/// What comes after the last round paired.
enum Next {
    /// This round, to pair.
    Round(Vec<NewPairing>),
    /// No more rounds: the tournament is over (`early` when it stops before its last round,
    /// for want of players or of a pairing without repeats).
    Finish,
}

/// A game's result as the tournament writes it.
fn result_text(result: Option<GameResult>, language: Language) -> String {
    match result {
        None => t!(language, TournamentInPlay),
        Some(GameResult::WhiteWins) => "1-0".into(),
        Some(GameResult::BlackWins) => "0-1".into(),
        Some(GameResult::Draw) => "½-½".into(),
        Some(GameResult::BlackForfeits) => "+/−".into(),
        Some(GameResult::WhiteForfeits) => "−/+".into(),
        Some(GameResult::DoubleForfeit) => "−/−".into(),
    }
}

impl GameService {
    /// The tournament with its entrants, rounds and boards.
    pub(crate) fn stored_tournament(&self, tournament: Tournament) -> Result<Stored, StoreError> {
        let id = tournament.id;
        Ok(Stored {
            entrants: self.store.entrants(id)?,
            rounds: self.store.tournament_rounds(id)?,
            pairings: self.store.tournament_pairings(id)?,
            tournament,
        })
    }

    /// A player's name as message text.
    pub(crate) fn entrant_name(&self, language: Language, guild: u64, user: UserId) -> Part {
        self.participant_name(language, guild, Participant::User(user))
    }

    /// The boards of the round after the last one, or the end.
    fn next_round(stored: &Stored) -> Next {
        let number = u32::try_from(stored.rounds.len()).unwrap_or(u32::MAX) + 1;
        if number > stored.total_rounds() {
            return Next::Finish;
        }
        let legs = stored.legs();
        let state = stored.state();
        let index = (number as usize - 1) * legs;
        let first = match stored.tournament.format {
            TournamentFormat::Swiss { .. } => {
                if state.players_in(index).count() < 2 {
                    return Next::Finish;
                }
                match pair_swiss_round(&state) {
                    Ok(round) => round,
                    Err(error) => {
                        tracing::warn!(
                            tournament = %stored.tournament.id,
                            %error,
                            "no Swiss pairing for the next round: the tournament ends"
                        );
                        return Next::Finish;
                    }
                }
            }
            TournamentFormat::RoundRobin => {
                let seeds: Vec<UserId> = state.players.iter().map(|p| p.id).collect();
                let Some(round) = round_robin(&seeds, 1).into_iter().nth(number as usize - 1)
                else {
                    return Next::Finish;
                };
                round
            }
        };
        let plays = |user: UserId| state.player(user).is_none_or(|p| p.plays_in(index));
        let mut boards = Vec::new();
        let mut board = 0;
        let rounds = if legs == 2 {
            vec![first.clone(), first.reversed()]
        } else {
            vec![first.clone()]
        };
        for (leg, round) in (1u8..).zip(&rounds) {
            for pairing in &round.pairings {
                board += 1;
                // A round robin's games with a withdrawn player are forfeits.
                let forfeit = match (plays(pairing.white), plays(pairing.black)) {
                    (true, true) => None,
                    (false, true) => Some(GameResult::WhiteForfeits),
                    (true, false) => Some(GameResult::BlackForfeits),
                    (false, false) => Some(GameResult::DoubleForfeit),
                };
                boards.push(NewPairing {
                    board,
                    leg,
                    white: pairing.white,
                    black: Some(pairing.black),
                    forfeit,
                });
            }
        }
        if let Some(bye) = first.bye.filter(|&user| plays(user)) {
            boards.push(NewPairing {
                board: board + 1,
                leg: 1,
                white: bye,
                black: None,
                forfeit: None,
            });
        }
        Next::Round(boards)
    }

    /// The round's start: an opening drawn by the service's rng when the tournament draws
    /// them, else the initial position.
    fn round_start(&self, tournament: &Tournament) -> (Option<String>, String) {
        if tournament.drawn_openings {
            let list = openings::three_move_openings();
            if !list.is_empty() {
                let index = usize::try_from(self.random_u64() % list.len() as u64).unwrap_or(0);
                let opening = &list[index];
                return (Some(opening.texts.join(" ")), opening.position.to_fen());
            }
        }
        (None, dama_rules::Position::initial().to_fen())
    }

    /// Pairs every round that is due and finishes the tournament after its last: from the
    /// start (round 1) to the end, each round paired once (a caller that loses the race to the
    /// store does nothing). Returns what to post, from the outbox where the store keeps it with
    /// the change: each round's announcement and the lines its games' threads open from (see
    /// [`Self::round_notices`]), or the final standings (see [`Self::final_notice`]).
    pub(crate) fn advance_tournament(
        &self,
        tournament: Tournament,
    ) -> Result<Vec<Delivery>, ServiceError> {
        let mut notices = Vec::new();
        let mut stored = self.stored_tournament(tournament)?;
        loop {
            let status = stored.tournament.status;
            let startable = status == TournamentStatus::Signup && stored.rounds.is_empty();
            if !(status == TournamentStatus::Running || startable) || !stored.last_round_over() {
                return Ok(notices);
            }
            let now = self.now();
            match Self::next_round(&stored) {
                Next::Round(boards) => {
                    let (opening, start_fen) = self.round_start(&stored.tournament);
                    let round = NewRound {
                        number: u32::try_from(stored.rounds.len()).unwrap_or(u32::MAX) + 1,
                        opening,
                        start_fen,
                        paired_at: now,
                        in_thread: true,
                        language: Some(self.tournament_language(&stored.tournament)),
                    };
                    match self.store.pair_round(stored.tournament.id, &round, &boards) {
                        Ok(paired) => {
                            notices.extend(self.claim_event(&OutboxEvent::Round {
                                tournament: paired.tournament.id,
                                number: paired.round.number,
                            })?);
                            stored = self.stored_tournament(paired.tournament)?;
                        }
                        // Another caller paired it, or the tournament ended meanwhile.
                        Err(
                            StoreError::RoundPaired { .. } | StoreError::TournamentStatus { .. },
                        ) => {
                            return Ok(notices);
                        }
                        Err(other) => return Err(other.into()),
                    }
                }
                Next::Finish => {
                    if status != TournamentStatus::Running {
                        return Ok(notices);
                    }
                    match self.store.finish_tournament(stored.tournament.id, now) {
                        Ok(finished) => {
                            let event = OutboxEvent::TournamentEnd(finished.id);
                            notices.extend(self.claim_event(&event)?);
                        }
                        Err(StoreError::TournamentStatus { .. }) => {}
                        Err(other) => return Err(other.into()),
                    }
                    return Ok(notices);
                }
            }
        }
    }

    /// Round `number` of a tournament, paired: its announcement in the tournament's channel,
    /// the sign-up message closed (for round 1), and one line per game, which its thread opens
    /// from (the first board in the thread names both players: see
    /// [`GameService::thread_opened`]). Worded from what is stored now.
    pub(crate) fn round_notices(
        &self,
        tournament: TournamentId,
        number: u32,
    ) -> Result<Vec<Notice>, ServiceError> {
        let Some(tournament) = self.store.tournament(tournament)? else {
            return Ok(Vec::new());
        };
        let stored = self.stored_tournament(tournament)?;
        let mut games = Vec::new();
        for pairing in stored.pairings.iter().filter(|p| p.round == number) {
            if let Some(game) = pairing.game.map(|id| self.store.game(id)).transpose()? {
                games.extend(game);
            }
        }
        let tournament = &stored.tournament;
        let language = self.tournament_language(tournament);
        let notice = |reply: Reply| Notice {
            guild: tournament.guild,
            channel: tournament.channel,
            reply,
            edit: None,
            direct: None,
        };
        let mut notices = Vec::new();
        if number == 1 {
            if let Some(message) = tournament.message {
                notices.push(Notice {
                    edit: Some(message),
                    ..notice(self.signup_message(language, &stored))
                });
            }
        }
        let mut text = RichText::new();
        if number == 1 {
            text.append(tr!(
                language,
                TournamentStarted,
                name = Part::Name(tournament.name.clone()),
                count = stored.entrants.len(),
            ));
            text.push_str("\n");
        }
        text.append(self.pairings_text(language, &stored, number));
        notices.push(notice(Reply::public(text)));
        for game in &games {
            notices.push(notice(self.tournament_game_start(language, &stored, game)));
        }
        Ok(notices)
    }

    /// The line a tournament game's thread opens from.
    fn tournament_game_start(&self, language: Language, stored: &Stored, game: &Game) -> Reply {
        let mut reply = self.thread_start_reply(language, game);
        let board = stored
            .pairings
            .iter()
            .find(|p| p.game == Some(game.id))
            .map_or(0, |p| p.board);
        let name = |participant| self.participant_name(language, game.guild, participant);
        reply.text = tr!(
            language,
            TournamentGameStart,
            name = Part::Name(stored.tournament.name.clone()),
            round = stored.rounds.len(),
            board = board,
            game = game.id.0,
            white = name(game.white),
            black = name(game.black),
        );
        reply
    }

    /// Round `number`'s boards as text: the title, the opening, each board with its result so
    /// far, and the bye.
    pub(crate) fn pairings_text(
        &self,
        language: Language,
        stored: &Stored,
        number: u32,
    ) -> RichText {
        let tournament = &stored.tournament;
        let guild = tournament.guild;
        let mut lines = vec![tr!(
            language,
            TournamentRoundTitle,
            name = Part::Name(tournament.name.clone()),
            round = number,
            rounds = stored.total_rounds(),
        )];
        if let Some(opening) = stored
            .rounds
            .iter()
            .find(|r| r.number == number)
            .and_then(|r| r.opening.clone())
        {
            lines.push(t!(language, TournamentRoundOpening, opening = opening).into());
        }
        for pairing in stored.boards(number) {
            let white = self.entrant_name(language, guild, pairing.white);
            match pairing.black {
                Some(black) => lines.push(tr!(
                    language,
                    TournamentBoard,
                    board = pairing.board,
                    white = white,
                    black = self.entrant_name(language, guild, black),
                    result = result_text(pairing.result, language),
                    game = pairing
                        .game
                        .map_or_else(String::new, |g| format!(" · #{g}")),
                )),
                None => lines.push(tr!(
                    language,
                    TournamentBye,
                    player = white,
                    points = stored.legs(),
                )),
            }
        }
        RichText::join(lines, "\n")
    }

    /// The standings as text and as a table to draw.
    pub(crate) fn standings_reply(
        &self,
        language: Language,
        stored: &Stored,
        title: &RichText,
    ) -> Reply {
        let tournament = &stored.tournament;
        let rows: Vec<StandingRow> = standings(&stored.state());
        let guild = tournament.guild;
        let withdrawn = t!(language, TournamentWithdrawnMark);
        let mut lines = vec![title.clone()];
        let mut table = Vec::new();
        for row in &rows {
            let mut name = RichText::from(self.entrant_name(language, guild, row.player));
            let mut plain = self.plain_name(language, guild, Participant::User(row.player));
            if row.withdrawn {
                name.push_str(&format!(" {withdrawn}"));
                plain = format!("{plain} {withdrawn}");
            }
            if row.rank <= STANDINGS_TEXT_ROWS {
                lines.push(tr!(
                    language,
                    TournamentStandingsRow,
                    rank = row.rank,
                    name = name,
                    points = row.points.to_string(),
                    buchholz = row.buchholz_cut1.to_string(),
                    sb = row.sonneborn_berger.to_string(),
                    games = row.games,
                ));
            }
            table.push(vec![
                row.rank.to_string(),
                plain,
                row.points.to_string(),
                row.buchholz_cut1.to_string(),
                row.sonneborn_berger.to_string(),
                row.games.to_string(),
            ]);
        }
        if rows.len() > STANDINGS_TEXT_ROWS {
            lines.push(
                t!(
                    language,
                    TournamentStandingsMore,
                    count = rows.len() - STANDINGS_TEXT_ROWS
                )
                .into(),
            );
        }
        Reply {
            table: Some(TableView {
                filename: format!("dama-tournament-{}-standings.png", tournament.id),
                title: title.plain(),
                header: vec![
                    t!(language, TournamentColumnRank),
                    t!(language, TournamentColumnPlayer),
                    t!(language, TournamentColumnPoints),
                    t!(language, TournamentColumnBuchholz),
                    t!(language, TournamentColumnSonneborn),
                    t!(language, TournamentColumnGames),
                ],
                rows: table,
                numeric: vec![true, false, true, true, true, true],
            }),
            ..Reply::public(RichText::join(lines, "\n"))
        }
    }

    /// The final standings of a finished tournament, with the winner (and word that it ended
    /// early when it played fewer rounds than it would have). Worded from what is stored now.
    pub(crate) fn final_notice(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<Notice>, ServiceError> {
        let Some(tournament) = self.store.tournament(tournament)? else {
            return Ok(None);
        };
        let stored = self.stored_tournament(tournament)?;
        let early = (stored.rounds.len() as u64) < u64::from(stored.total_rounds());
        let stored = &stored;
        let tournament = &stored.tournament;
        let language = self.tournament_language(tournament);
        let name = Part::Name(tournament.name.clone());
        let mut title = tr!(language, TournamentFinalTitle, name = name.clone());
        if early {
            title = tr!(language, TournamentEndedEarly, name = name.clone()).then_line(title);
        }
        let mut reply = self.standings_reply(language, stored, &title);
        if let Some(winner) = standings(&stored.state()).first() {
            reply.text.push_str("\n");
            reply.text.append(tr!(
                language,
                TournamentWinner,
                winner = Part::Person(winner.player),
                name = name,
            ));
            reply.mentions.push(winner.player);
        }
        Ok(Some(Notice {
            guild: tournament.guild,
            channel: tournament.channel,
            reply,
            edit: None,
            direct: None,
        }))
    }

    /// A game has ended (any way: its end flows all come through here): for a tournament's
    /// game, a moderator's abort counts as lost by both, and the round's end pairs the next
    /// round or ends the tournament. A failure is logged (the sweep tries again).
    pub(crate) fn tournament_game_ended(&self, game: &Game) -> Vec<Delivery> {
        match self.after_tournament_game(game) {
            Ok(notices) => notices,
            Err(error) => {
                tracing::error!(game = %game.id, %error, "the tournament could not go on");
                Vec::new()
            }
        }
    }

    fn after_tournament_game(&self, game: &Game) -> Result<Vec<Delivery>, ServiceError> {
        let Some(tag) = self.store.tournament_game(game.id)? else {
            return Ok(Vec::new());
        };
        let mut notices = Vec::new();
        if game.status == GameStatus::Aborted {
            match self.store.record_forfeit(
                tag.tournament,
                tag.round,
                tag.board,
                GameResult::DoubleForfeit,
                self.now(),
            ) {
                Ok(_) => {
                    let language = self.game_language(game);
                    notices.push(Delivery::direct(vec![Notice {
                        guild: game.guild,
                        channel: game.channel,
                        reply: Reply::public(t!(language, TournamentAbortedGame, game = game.id.0)),
                        edit: None,
                        direct: None,
                    }]));
                }
                // Its forfeit is recorded already, or the tournament is over.
                Err(StoreError::Invalid(_) | StoreError::TournamentStatus { .. }) => {}
                Err(other) => return Err(other.into()),
            }
        }
        if let Some(tournament) = self.store.tournament(tag.tournament)? {
            notices.extend(self.advance_tournament(tournament)?);
        }
        Ok(notices)
    }

    /// The sweep's part: sign-ups whose deadline passed start (or are cancelled, with fewer
    /// than [`MIN_PLAYERS`]), and running tournaments whose round has ended go on (after a
    /// restart, or a failure when the round's last game ended).
    pub(crate) fn tournament_sweep(&self, now: Millis) -> Result<Vec<Delivery>, ServiceError> {
        let mut notices = Vec::new();
        for tournament in self.store.signups_due(now)? {
            if !self.owns_guild(tournament.guild) {
                continue;
            }
            let id = tournament.id;
            notices.extend(isolated("tournament", id, || {
                self.close_signup(tournament, now)
            }));
        }
        for tournament in self.store.running_tournaments()? {
            if !self.owns_guild(tournament.guild) {
                continue;
            }
            let id = tournament.id;
            notices.extend(isolated("tournament", id, || {
                self.advance_tournament(tournament)
            }));
        }
        Ok(notices)
    }

    /// A sign-up whose deadline passed: the tournament starts, or is cancelled with fewer than
    /// [`MIN_PLAYERS`].
    fn close_signup(
        &self,
        tournament: Tournament,
        now: Millis,
    ) -> Result<Vec<Delivery>, ServiceError> {
        let entrants = self.store.entrants(tournament.id)?;
        if entrants.len() >= MIN_PLAYERS {
            return self.advance_tournament(tournament);
        }
        match self.store.cancel_tournament(tournament.id, now) {
            Ok((cancelled, _)) => {
                let language = self.tournament_language(&cancelled);
                let text = tr!(
                    language,
                    TournamentTooFewCancelled,
                    name = Part::Name(cancelled.name.clone()),
                    count = entrants.len(),
                );
                Ok(vec![Delivery::direct(
                    self.closed_signup_notices(&cancelled, &entrants, &text),
                )])
            }
            Err(StoreError::TournamentStatus { .. }) => Ok(Vec::new()),
            Err(other) => Err(other.into()),
        }
    }

    /// A tournament that ended in sign-up: `text` in its channel, and its sign-up message
    /// without buttons.
    pub(crate) fn closed_signup_notices(
        &self,
        tournament: &Tournament,
        entrants: &[Entrant],
        text: impl Into<RichText>,
    ) -> Vec<Notice> {
        let mut notices: Vec<Notice> = self.signup_edit(tournament, entrants).into_iter().collect();
        notices.push(Notice {
            guild: tournament.guild,
            channel: tournament.channel,
            reply: Reply::public(text),
            edit: None,
            direct: None,
        });
        notices
    }

    /// The edit of a tournament's sign-up message to show it as it is now, when the message
    /// is known.
    pub(crate) fn signup_edit(
        &self,
        tournament: &Tournament,
        entrants: &[Entrant],
    ) -> Option<Notice> {
        let message = tournament.message?;
        let language = self.tournament_language(tournament);
        let stored = Stored {
            tournament: tournament.clone(),
            entrants: entrants.to_vec(),
            rounds: Vec::new(),
            pairings: Vec::new(),
        };
        Some(Notice {
            guild: tournament.guild,
            channel: tournament.channel,
            reply: self.signup_message(language, &stored),
            edit: Some(message),
            direct: None,
        })
    }
}
