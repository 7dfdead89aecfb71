//! Italian draughts rules.
