//! Tunes a game's evaluation weights by self-play (see the `bots::tune` module; Neva is
//! played in four-seat free-for-all matches, see `bots::neva_tune`):
//!
//! ```sh
//! nice -n 10 cargo run -p checkerhall-bots --release --example tune -- --game queah \
//!     [--option key=value]... [--nodes 3000] [--openings 100] [--plies 4] [--rounds 1] \
//!     [--z 2.0] [--seed 1] [--threads 1]
//! ```
//!
//! Prints every trial (parameter, values, the candidate's wins-draws-losses and score) and
//! the weights after each round, ready to paste into `bots::weights`.

use std::process::ExitCode;

use bots::tune::{paired_match, tune_round, Param, TuneConfig};
use bots::{neva_tune, weights, Level, Limits};
use rules::{AnyOptions, AnyPosition, Variant};

struct Args {
    game: Variant,
    options: AnyOptions,
    cfg: TuneConfig,
    rounds: usize,
}

fn parse() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let mut game = None;
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut style = Level::new(3).map_err(|e| e.to_string())?.style();
    style.limits = Limits::nodes(3_000);
    let mut cfg = TuneConfig {
        style,
        openings: 100,
        opening_plies: 4,
        z: 2.0,
        seed: 1,
        threads: 1,
    };
    let mut rounds = 1;
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--game" => {
                game = Some(
                    Variant::ALL
                        .into_iter()
                        .find(|v| v.key() == value)
                        .ok_or_else(|| format!("no game `{value}`"))?,
                )
            }
            "--option" => {
                let (k, v) = value
                    .split_once('=')
                    .ok_or_else(|| format!("--option {value}: give key=value"))?;
                pairs.push((k.to_string(), v.to_string()));
            }
            "--nodes" => cfg.style.limits.nodes = num()?,
            "--openings" => cfg.openings = num()? as usize,
            "--plies" => cfg.opening_plies = num()? as usize,
            "--rounds" => rounds = num()? as usize,
            "--seed" => cfg.seed = num()?,
            "--threads" => cfg.threads = num()? as usize,
            "--z" => cfg.z = value.parse().map_err(|e| format!("--z {value}: {e}"))?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    let game = game.ok_or("--game is required")?;
    let options = AnyOptions::from_pairs(game, pairs).map_err(|e| e.to_string())?;
    Ok(Args {
        game,
        options,
        cfg,
        rounds,
    })
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tune: {e}");
            return ExitCode::from(2);
        }
    };
    let start = match AnyPosition::new(args.game, &args.options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tune: {e}");
            return ExitCode::from(2);
        }
    };
    let cfg = args.cfg;
    println!(
        "tuning {} ({:?}): {} nodes per move, {} openings of {} random plies, each played twice with the seats swapped; keep if score - {} se > 50%",
        args.game.key(),
        args.options.non_default_pairs(),
        cfg.style.limits.nodes,
        cfg.openings,
        cfg.opening_plies,
        cfg.z
    );
    let mut w = weights(args.game);
    // Neva is tuned in four-seat free-for-all matches, two candidates against two current.
    let params = match args.game {
        Variant::Neva => &neva_tune::PARAMS[..],
        g => Param::of(g),
    };
    for round in 1..=args.rounds {
        let mut round_cfg = cfg;
        round_cfg.seed = cfg.seed.wrapping_add(round as u64 * 1_000_003);
        let result = tune_round(
            w,
            params,
            cfg.z,
            |cand, cur| match args.game {
                Variant::Neva => neva_tune::seats_match(&start, cand, cur, &round_cfg),
                _ => paired_match(&start, cand, cur, &round_cfg),
            },
            |t| {
                println!(
                    "round {round} {:<9} {:>4} -> {:<4} {}-{}-{} {:5.1}% {}",
                    t.param.key(),
                    t.from,
                    t.to,
                    t.tally.wins,
                    t.tally.draws,
                    t.tally.losses,
                    100.0 * t.tally.score(),
                    if t.accepted { "kept" } else { "rejected" }
                )
            },
        );
        match result {
            Ok(next) => w = next,
            Err(e) => {
                eprintln!("tune: {e}");
                return ExitCode::FAILURE;
            }
        }
        println!("after round {round}: {w:?}");
    }
    ExitCode::SUCCESS
}
