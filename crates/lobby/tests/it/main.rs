//! The lobby's integration tests, one binary: each module was a test binary of its own,
//! every one linking the rules and proptest again. They drive `lobby::Room` through its
//! public surface only, with the helpers of [`common`].

mod common;

mod chat;
mod clocks;
mod commands;
mod correspondence;
mod errors;
mod events;
mod games;
mod hotpath;
mod lifetime;
mod props;
mod records;
mod rematch;
mod seating;
mod starts;
mod takebacks;
mod training_game;
