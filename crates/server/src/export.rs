//! Text exports of stored games: PDN for the 8x8 games, a PGN4-like record for Neva.
//!
//! INTERFACE SKELETON — the HTTP helper implements this module.
