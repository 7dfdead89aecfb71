//! Italian draughts engine.
