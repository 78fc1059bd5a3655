//! Neva strength runs: one bot against a field (three random movers by default), seats
//! rotated, with a breakdown of how the games the bot does not win end.
//!
//! `cargo run --release -p checkerhall-bots --example neva_field -- BOT [FIELD...] \
//!     [--games N] [--first G] [--seed S] [--threads T] [--option key=value]... [--show]`
//!
//! Games are numbered from `--first` (default 0); a game's moves depend only on the seed
//! and its number, so runs over consecutive ranges add up to one longer run.
//! `--show` prints every game the bot does not finish first alone, ply by ply (the mover,
//! its move, and each participant's piece count after it).
//!
//! A player is `random`, a level `1`-`5` (level 5 without its time cap), or
//! `ALGO:NODES:NOISE[:OWN]` with `ALGO` one of the names of [`bots::MultiSearch`]
//! (`paranoid`, `brs`) and `OWN` the [`bots::MultiStyle::own_weight`]: that search with a
//! node budget and no time limit, so results do not depend on the machine's load.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use bots::arena::{seat_of, Player};
use bots::{Limits, MultiSearch, MultiStyle, Style};
use rules::{AnyOptions, AnyPosition, Game, Move, Seat, SeatSet, Status, Variant};

#[derive(Copy, Clone, Debug)]
enum Spec {
    Arena(Player),
    Multi(MultiStyle, Style),
}

fn parse(text: &str) -> Spec {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() >= 3 {
        let algo = MultiStyle {
            algorithm: MultiSearch::parse(parts[0]).expect("algorithm"),
            own_weight: parts.get(3).map_or(MultiStyle::default().own_weight, |w| {
                w.parse().expect("own weight")
            }),
            mean_weight: parts.get(4).map_or(0, |w| w.parse().expect("mean weight")),
        };
        let style = Style {
            limits: Limits::nodes(parts[1].parse().expect("nodes")),
            noise: parts[2].parse().expect("noise"),
            random_per_mille: 0,
        };
        return Spec::Multi(algo, style);
    }
    match Player::parse(text).expect("player") {
        // Level 5 without its time cap: the runs must not depend on the machine's load.
        Player::Level(l) if l.get() == 5 => {
            let mut s = l.style();
            s.limits.time = None;
            Spec::Arena(Player::Custom(s))
        }
        p => Spec::Arena(p),
    }
}

fn pick(spec: Spec, pos: &AnyPosition, keys: &[u64], seed: u64) -> Option<Move> {
    match spec {
        Spec::Arena(p) => p.pick(pos, keys, seed),
        Spec::Multi(algo, style) => bots::choose_multi(pos, keys, style, algo, seed).map(|c| c.mv),
    }
}

/// What became of participant 0 in one game.
struct Result {
    top: SeatSet,
    seat_of: Vec<Seat>,
    how: String,
    plies: usize,
    /// Each ply: the seat, its move, and every seat's piece count after it.
    log: Vec<String>,
}

fn play(start: &AnyPosition, specs: &[Spec], g: usize, seed: u64) -> Result {
    let seats = start.seats();
    let order: Vec<Seat> = (0..specs.len())
        .map(|p| seat_of(seats, specs.len(), g, p).unwrap())
        .collect();
    let mut game = Game::new(start.clone());
    let mut keys = vec![start.hash()];
    let mut plies = 0;
    let mut out_at = None;
    let mut log = Vec::new();
    while let Some(seat) = game.turn() {
        if plies >= bots::arena::MAX_PLIES {
            break;
        }
        let p = order.iter().position(|&s| s == seat).unwrap();
        let ply_seed = mix(seed ^ (g as u64) << 40 ^ (plies as u64) << 8 ^ seat.index() as u64);
        let Some(mv) = pick(specs[p], game.position(), &keys, ply_seed) else {
            break;
        };
        let text = game.position().move_to_string(&mv);
        game.play(&mv).unwrap();
        keys.push(game.position().hash());
        let counts: Vec<String> = order
            .iter()
            .map(|&s| {
                rules::Variant::Neva
                    .board()
                    .iter()
                    .filter(|&sq| game.position().piece_at(sq).is_some_and(|pc| pc.seat == s))
                    .count()
                    .to_string()
            })
            .collect();
        let who = order.iter().position(|&s| s == seat).unwrap();
        log.push(format!("{plies:>3} p{who} {text:<16} {}", counts.join(" ")));
        plies += 1;
        if out_at.is_none() && game.position().out().contains(order[0]) {
            out_at = Some((plies, seat == order[0]));
        }
    }
    let status = game.status();
    let (top, how) = match status {
        Status::Won { winners, reason } => (winners, format!("won:{}", reason.key())),
        Status::Drawn { seats, reason } => (seats, format!("drawn:{}", reason.key())),
        Status::Ongoing => (rules::record::playing(game.position()), "max_plies".into()),
    };
    let how = match out_at {
        Some((ply, own)) => {
            let when = match ply {
                0..=40 => "opening",
                41..=100 => "middle",
                _ => "late",
            };
            format!(
                "bot out ({when}, {}) then {how}",
                if own { "own move" } else { "other's move" }
            )
        }
        None if top.contains(order[0]) && top.len() == 1 => "bot first".into(),
        None => format!("bot still in, {how}, sharing with {}", top.len() - 1),
    };
    Result {
        top,
        seat_of: order,
        how,
        plies,
        log,
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut games = 100usize;
    let mut seed = 1u64;
    let mut threads = 1usize;
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut names = Vec::new();
    let mut show = false;
    let mut first = 0usize;
    while !args.is_empty() {
        let a = args.remove(0);
        match a.as_str() {
            "--games" => games = args.remove(0).parse().unwrap(),
            "--seed" => seed = args.remove(0).parse().unwrap(),
            "--threads" => threads = args.remove(0).parse().unwrap(),
            "--show" => show = true,
            "--first" => first = args.remove(0).parse().unwrap(),
            "--option" => {
                let kv = args.remove(0);
                let (k, v) = kv.split_once('=').unwrap();
                pairs.push((k.into(), v.into()));
            }
            _ => names.push(a),
        }
    }
    let opts = AnyOptions::from_pairs(Variant::Neva, pairs.iter().map(|(k, v)| (k, v))).unwrap();
    let start = AnyPosition::new(Variant::Neva, &opts).unwrap();
    let n_seats = start.seats().len();
    while names.len() < n_seats {
        names.push("random".into());
    }
    let specs: Vec<Spec> = names.iter().map(|n| parse(n)).collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let g = first + next.fetch_add(1, Ordering::Relaxed);
                if g >= first + games {
                    break;
                }
                let r = play(&start, &specs, g, seed);
                results.lock().unwrap().push((g, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(g, _)| *g);
    let teams = opts.get("teams").as_deref() == Some("true");
    let mut firsts = vec![0usize; specs.len()];
    let mut shared = vec![0usize; specs.len()];
    let mut hows: BTreeMap<String, usize> = BTreeMap::new();
    let mut plies = 0;
    for (_, r) in &results {
        plies += r.plies;
        for (p, &seat) in r.seat_of.iter().enumerate() {
            let team = if teams {
                SeatSet::only(seat).with(seat.opposite())
            } else {
                SeatSet::only(seat)
            };
            if r.top.contains(seat) {
                if r.top.minus(team).is_empty() {
                    firsts[p] += 1;
                } else {
                    shared[p] += 1;
                }
            }
        }
        *hows.entry(r.how.clone()).or_default() += 1;
        if show && r.how != "bot first" {
            println!("game: {}", r.how);
            for line in &r.log {
                println!("  {line}");
            }
        }
    }
    let n = results.len() as f64;
    println!(
        "games {} from {first} seed {seed} options {pairs:?} mean plies {:.1}",
        results.len(),
        plies as f64 / n
    );
    for (p, name) in names.iter().enumerate() {
        let k = firsts[p] as f64;
        let q = k / n;
        // Wilson 95% interval of the first-place rate.
        let z = 1.96f64;
        let c = (q + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let h = z * (q * (1.0 - q) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        println!(
            "  {name:>22}: first {:>4} ({:5.1}%, 95% CI {:.1}-{:.1}), shared first {:>3}",
            firsts[p],
            100.0 * q,
            100.0 * (c - h),
            100.0 * (c + h),
            shared[p]
        );
    }
    println!("  participant 0 ({}):", names[0]);
    for (how, k) in hows {
        println!("    {k:>4}  {how}");
    }
}
