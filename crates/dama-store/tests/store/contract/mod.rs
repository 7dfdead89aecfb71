//! The behaviour every [`Store`] backend must have, written once against the trait.
//!
//! Each `pub fn` takes a fresh, empty store and checks one behaviour of the contract
//! documented on [`Store`]. `tests/store/main.rs` runs every one of them on each SQLite
//! configuration and on PostgreSQL. The behaviours are grouped by topic, one module each.

mod answers;
mod clocks;
mod games;
mod gateway;
mod outbox;
mod players_and_challenges;
mod puzzles;
mod ratings;
mod threads;
mod tournaments;

use dama_core::store::{EndReason, Finish, Game, GameResult, NewGame, Participant, Store};
use dama_service::rating;

pub use answers::{
    a_stale_answer_is_refused_once_the_offer_was_made_again,
    a_takeback_accept_racing_a_withdrawal_never_takes_moves_back,
    an_accept_racing_a_withdrawal_never_takes_a_withdrawn_offer,
};
pub use clocks::{
    each_move_runs_the_movers_clock, flagged_games_are_the_live_ones_out_of_time,
    live_challenges_and_games_keep_their_clock,
};
pub use games::{
    an_older_board_never_replaces_a_newer_one, draw_offers_are_set_cleared_and_cleared_by_a_move,
    final_move_and_finish_are_one_transaction, finishing_counts_and_rates_in_one_go,
    game_and_move_round_trip, games_need_stored_players_and_valid_values,
    games_with_the_engine_to_move, leaderboard_pages_and_minimum_games,
    one_active_game_per_channel, overdue_games_by_periods,
    record_move_refuses_repeated_stale_and_finished_plies, streaks_recent_games_and_export,
    the_board_message_replaced_is_returned, thirty_two_threads_same_ply_one_wins,
};
pub use gateway::{
    eight_threads_asking_for_one_identify_turn_one_wins, identify_turns_are_held_until_their_time,
};
pub use outbox::{
    a_change_whose_notice_is_refused_does_not_happen,
    claimed_notices_are_posted_once_or_tried_again, eight_threads_claiming_one_notice_one_wins,
    endings_come_with_their_notices, moves_and_daily_posts_come_with_their_notices,
    outbox_notices_come_with_their_changes, two_stores_claiming_one_notice_one_wins,
};
pub use players_and_challenges::{
    accepting_creates_the_game_atomically, challenge_round_trip_and_single_answer,
    expired_challenges_are_listed_and_marked, expired_challenges_of_some_shards_only,
    player_round_trip_and_name_update,
};
pub use puzzles::{
    daily_puzzles_are_found_counted_and_posted_once, eight_threads_answering_one_step_one_wins,
    finishing_a_puzzle_rates_counts_and_keeps_the_streak,
    puzzle_answers_are_compare_and_set_on_the_step, puzzle_attempts_start_one_open_per_person,
    puzzle_days_begin_at_the_servers_hour, the_puzzle_ranking_is_by_rating_with_a_minimum,
};
pub use ratings::{
    a_counting_must_name_the_games_players, server_settings_round_trip_and_stay_apart,
    the_rating_system_given_is_applied_to_the_stored_ratings,
};
pub use threads::{
    analyses_are_stored_for_ended_games_only, games_in_threads_leave_their_channel_free,
    hints_are_counted_once_a_position_up_to_the_limit,
    idle_engine_games_are_those_waiting_for_their_person,
    idle_games_are_abandoned_only_at_the_ply_seen, languages_of_games_and_people,
    notify_modes_per_person, open_challenges_name_who_accepted, reminders_go_once_per_ply,
    server_choices_and_game_channels, takebacks_restore_the_position_and_are_recorded,
};
pub use tournaments::{
    a_round_is_paired_once_with_its_games, joining_is_once_and_during_the_sign_up_only,
    rounds_and_finishes_come_with_their_notices, tournaments_are_one_open_per_server_and_read_back,
    tournaments_finish_and_cancel_once, two_joins_at_once_at_the_cap_take_one_place,
};

pub const GUILD: u64 = 900_000_000_000_000_001;
pub const CHANNEL: u64 = 800_000_000_000_000_001;
pub const ALICE: u64 = 1_000_000_000_000_000_001;
pub const BOB: u64 = 1_000_000_000_000_000_002;
/// Above 2^63: checks that ids are stored bit-cast, not truncated.
pub const CAROL: u64 = u64::MAX - 7;
pub const HOUR: i64 = 3_600_000;
pub const START_FEN: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/// Stores Alice, Bob and Carol in the guild.
pub fn players(store: &dyn Store) {
    store.ensure_player(GUILD, ALICE, "Alice", 1_000).unwrap();
    store.ensure_player(GUILD, BOB, "Bob", 1_000).unwrap();
    store.ensure_player(GUILD, CAROL, "Carol", 1_000).unwrap();
}

pub fn new_game(white: Participant, black: Participant, channel: u64, at: i64) -> NewGame {
    NewGame {
        guild: GUILD,
        channel,
        white,
        black,
        time_per_move_ms: HOUR,
        clock: None,
        rated: true,
        start_fen: START_FEN.into(),
        created_at: at,
        in_thread: false,
        language: None,
    }
}

/// A rated game, Alice (White) against Bob.
pub fn human_game(store: &dyn Store, channel: u64, at: i64) -> Game {
    store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            channel,
            at,
        ))
        .unwrap()
}

/// A position after `ply` moves: the side to move alternates, starting with White.
pub fn fen(ply: u32) -> String {
    format!(
        "{}:W{}:B1",
        if ply % 2 == 0 { 'B' } else { 'W' },
        21 + ply % 12
    )
}

/// How `game` ends, counted and rated as the game layer does it.
pub fn finish(game: &Game, result: GameResult, reason: EndReason, ply: u32, at: i64) -> Finish {
    Finish {
        result,
        reason,
        ply,
        at,
        counting: rating::counting(game),
        rate: rating::glicko2,
    }
}
