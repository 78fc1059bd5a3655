//! The server's integration tests, as one test binary: each module was
//! once a binary of its own, every one linking the whole server; one binary links it once.
//! The modules share one in-process server helper ([`common`]) and the fresh databases of
//! [`clubdb`]. The browser tests are their own binary (`tests/browser/`): they drive a real
//! Chromium, one test at a time, and are the slow part of the suite.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod clubdb;
mod common;
#[path = "../support/ports.rs"]
mod ports;
#[path = "../support/required.rs"]
mod required;

mod accounts;
mod admin_cli;
mod analysis;
mod backup;
mod bots;
mod cli;
mod close_frames;
mod cluster;
mod codes;
mod crash;
mod edges;
mod history_chat;
mod hotpath;
mod http;
mod hygiene;
mod i18n;
mod lifetime;
mod limits;
mod live;
mod loadgen;
mod lobby_cluster;
mod long;
mod mail;
mod outage;
mod overload;
mod play;
mod pools;
mod proxy;
mod pwa;
mod quick;
mod ratings;
mod relay;
mod restart;
mod seat_ratings;
mod slow_clients;
mod store;
mod takebacks;
mod talk;
mod tournaments;
mod upgrade;
mod web;
mod web_state;
