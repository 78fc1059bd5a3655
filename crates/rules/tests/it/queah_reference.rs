//! A deliberately simple Queah referee written straight from the spec text (spec §3, §8.6-8.10),
//! with plain arrays and loops and no bitboards, checked against the fast generator on
//! thousands of positions reached by seeded random playouts, and on perft.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The referee indexes its arrays by cell number on purpose: it should read like the spec.
#![allow(clippy::needless_range_loop)]

use crate::perft_data;
use rules::perft::{count, Counting};
use rules::{GameOptions, Position, Queah, QueahOptions, Seat, Setup, Variant};

/// The 13 cells (spec §3.1).
const CELLS: [&str; 13] = [
    "a1", "c1", "e1", "b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5",
];

/// D-links, copied from spec §3.1.
const D_LINKS: [(&str, &str); 16] = [
    ("a1", "b2"),
    ("c1", "b2"),
    ("c1", "d2"),
    ("e1", "d2"),
    ("b2", "a3"),
    ("b2", "c3"),
    ("d2", "c3"),
    ("d2", "e3"),
    ("a3", "b4"),
    ("c3", "b4"),
    ("c3", "d4"),
    ("e3", "d4"),
    ("b4", "a5"),
    ("b4", "c5"),
    ("d4", "c5"),
    ("d4", "e5"),
];

/// O-links of the edge ring a1-c1-e1-e3-e5-c5-a5-a3-a1 (spec §3.5).
const RING: [(&str, &str); 8] = [
    ("a1", "c1"),
    ("c1", "e1"),
    ("e1", "e3"),
    ("e3", "e5"),
    ("e5", "c5"),
    ("c5", "a5"),
    ("a5", "a3"),
    ("a3", "a1"),
];
/// O-links among the centre cells (spec §3.5).
const CENTRE: [(&str, &str); 4] = [("b2", "d2"), ("d2", "d4"), ("d4", "b4"), ("b4", "b2")];
/// O-links between edge and centre (spec §3.5).
const EDGE_CENTRE: [(&str, &str); 4] = [("c1", "c3"), ("a3", "c3"), ("e3", "c3"), ("c5", "c3")];

/// Straight jump lines: the ten D-lines of spec §3.1 and the six O-lines of §3.5.
const LINES: [[&str; 3]; 16] = [
    ["a1", "b2", "c3"],
    ["b2", "c3", "d4"],
    ["c3", "d4", "e5"],
    ["e1", "d2", "c3"],
    ["d2", "c3", "b4"],
    ["c3", "b4", "a5"],
    ["c1", "b2", "a3"],
    ["c1", "d2", "e3"],
    ["a3", "b4", "c5"],
    ["e3", "d4", "c5"],
    ["a1", "c1", "e1"],
    ["a3", "c3", "e3"],
    ["a5", "c5", "e5"],
    ["a1", "a3", "a5"],
    ["c1", "c3", "c5"],
    ["e1", "e3", "e5"],
];

fn idx(name: &str) -> usize {
    CELLS.iter().position(|&c| c == name).unwrap()
}

/// The referee's geometry for one option set.
struct Geo {
    linked: [[bool; 13]; 13],
    /// (from, over, to) for every usable directed jump.
    jumps: Vec<(usize, usize, usize)>,
}

fn geometry(o: &QueahOptions) -> Geo {
    let mut linked = [[false; 13]; 13];
    let mut add = |list: &[(&str, &str)]| {
        for &(a, b) in list {
            linked[idx(a)][idx(b)] = true;
            linked[idx(b)][idx(a)] = true;
        }
    };
    add(&D_LINKS);
    if o.o_edge_ring {
        add(&RING);
    }
    if o.o_centre {
        add(&CENTRE);
    }
    if o.o_edge_centre {
        add(&EDGE_CENTRE);
    }
    let mut jumps = Vec::new();
    for line in LINES {
        let (a, m, b) = (idx(line[0]), idx(line[1]), idx(line[2]));
        if linked[a][m] && linked[m][b] {
            jumps.push((a, m, b));
            jumps.push((b, m, a));
        }
    }
    Geo { linked, jumps }
}

/// The referee's position.
#[derive(Clone, PartialEq, Debug)]
struct Ref {
    /// 0 empty, 1 White, 2 Black.
    cells: [u8; 13],
    reserve: [u8; 2],
    owed: [bool; 2],
    /// The step (from, to) each side made on its previous turn.
    last: [Option<(usize, usize)>; 2],
    side: usize,
    np: u16,
}

fn seat_side(s: Seat) -> usize {
    if s == Seat::WHITE {
        0
    } else {
        1
    }
}

impl Ref {
    fn from_setup(s: &Setup) -> Option<Ref> {
        let side = seat_side(s.turn?);
        let mut cells = [0u8; 13];
        for (i, name) in CELLS.iter().enumerate() {
            let sq = Variant::Queah.parse_square(name).unwrap();
            if let Some(p) = s.piece_at(sq) {
                cells[i] = 1 + seat_side(p.seat) as u8;
            }
        }
        let name = |sq| Variant::Queah.square_name(sq);
        let last = [Seat::WHITE, Seat::BLACK]
            .map(|seat| s.last_step[seat].map(|(a, b)| (idx(&name(a)), idx(&name(b)))));
        Some(Ref {
            cells,
            reserve: [s.reserves[Seat::WHITE], s.reserves[Seat::BLACK]],
            owed: [
                s.owed_drop.contains(Seat::WHITE),
                s.owed_drop.contains(Seat::BLACK),
            ],
            last,
            side,
            np: s.no_progress,
        })
    }
}

/// One move of the referee: an optional drop and an optional piece move.
#[derive(Clone, Copy, Debug)]
struct RMove {
    drop: Option<usize>,
    drop_first: bool,
    /// (from, to, captured cell)
    piece: Option<(usize, usize, Option<usize>)>,
}

impl RMove {
    fn text(&self) -> String {
        let piece = self.piece.map(|(f, t, c)| {
            let sep = if c.is_some() { "x" } else { "-" };
            format!("{}{sep}{}", CELLS[f], CELLS[t])
        });
        let drop = self.drop.map(|d| format!("@{}", CELLS[d]));
        match (drop, piece) {
            (Some(d), Some(p)) if self.drop_first => format!("{d},{p}"),
            (Some(d), Some(p)) => format!("{p},{d}"),
            (Some(d), None) => d,
            (None, Some(p)) => p,
            (None, None) => unreachable!(),
        }
    }
}

/// Steps and captures of the side to move on `cells`; `frozen` is a cell whose piece may not
/// move (the piece just dropped when `dropped_piece_may_move` is off).
fn piece_moves(
    r: &Ref,
    cells: &[u8; 13],
    o: &QueahOptions,
    g: &Geo,
    frozen: Option<usize>,
) -> Vec<(usize, usize, Option<usize>)> {
    let me = 1 + r.side as u8;
    let them = 2 - r.side as u8;
    let mut caps = Vec::new();
    for &(f, m, t) in &g.jumps {
        if cells[f] == me && Some(f) != frozen && cells[m] == them && cells[t] == 0 {
            caps.push((f, t, Some(m)));
        }
    }
    if o.capture_mandatory && !caps.is_empty() {
        return caps;
    }
    let mut out = caps;
    for f in 0..13 {
        if cells[f] != me || Some(f) == frozen {
            continue;
        }
        for t in 0..13 {
            if !g.linked[f][t] || cells[t] != 0 {
                continue;
            }
            // No immediate reversal of the piece's own last step (spec §3.6, §8.6).
            if o.no_reverse_move && r.last[r.side] == Some((t, f)) {
                continue;
            }
            out.push((f, t, None));
        }
    }
    out
}

fn ref_moves(r: &Ref, o: &QueahOptions, g: &Geo) -> Vec<RMove> {
    let mut out = Vec::new();
    let me = 1 + r.side as u8;
    let mine: usize = r.cells.iter().filter(|&&c| c == me).count();
    let total = mine + r.reserve[r.side] as usize;
    let opp_total =
        r.cells.iter().filter(|&&c| c == 3 - me).count() + r.reserve[1 - r.side] as usize;
    if total == 0 || opp_total == 0 || (o.draw.no_progress > 0 && r.np >= o.draw.no_progress) {
        return out;
    }
    let empties: Vec<usize> = (0..13).filter(|&i| r.cells[i] == 0).collect();
    let owed = r.owed[r.side] && r.reserve[r.side] > 0;
    let plain = |v: Vec<(usize, usize, Option<usize>)>| {
        v.into_iter().map(|p| RMove {
            drop: None,
            drop_first: false,
            piece: Some(p),
        })
    };
    match o.drop_timing {
        rules::DropTiming::DropThenMove if owed => {
            for &d in &empties {
                let mut cells = r.cells;
                cells[d] = me;
                let frozen = (!o.dropped_piece_may_move).then_some(d);
                let pm = piece_moves(r, &cells, o, g, frozen);
                if pm.is_empty() {
                    out.push(RMove {
                        drop: Some(d),
                        drop_first: true,
                        piece: None,
                    });
                }
                for p in pm {
                    out.push(RMove {
                        drop: Some(d),
                        drop_first: true,
                        piece: Some(p),
                    });
                }
            }
        }
        rules::DropTiming::MoveThenDrop if owed => {
            let pm = piece_moves(r, &r.cells, o, g, None);
            if pm.is_empty() {
                for &d in &empties {
                    out.push(RMove {
                        drop: Some(d),
                        drop_first: true,
                        piece: None,
                    });
                }
            }
            for p in pm {
                let mut cells = r.cells;
                cells[p.0] = 0;
                cells[p.1] = me;
                if let Some(c) = p.2 {
                    cells[c] = 0;
                }
                for d in (0..13).filter(|&i| cells[i] == 0) {
                    out.push(RMove {
                        drop: Some(d),
                        drop_first: false,
                        piece: Some(p),
                    });
                }
            }
        }
        rules::DropTiming::DropInsteadOfMove if owed => {
            for &d in &empties {
                out.push(RMove {
                    drop: Some(d),
                    drop_first: true,
                    piece: None,
                });
            }
        }
        _ => {
            out.extend(plain(piece_moves(r, &r.cells, o, g, None)));
            if o.drop_timing == rules::DropTiming::DeferredDrop && mine < 4 && r.reserve[r.side] > 0
            {
                for &d in &empties {
                    out.push(RMove {
                        drop: Some(d),
                        drop_first: true,
                        piece: None,
                    });
                }
            }
        }
    }
    out
}

fn ref_play(r: &Ref, m: &RMove, o: &QueahOptions) -> Ref {
    let mut n = r.clone();
    let me = 1 + r.side as u8;
    let them = 1 - r.side;
    let mut progress = false;
    if m.drop_first {
        if let Some(d) = m.drop {
            n.cells[d] = me;
        }
    }
    n.last[r.side] = None;
    if let Some((f, t, c)) = m.piece {
        n.cells[f] = 0;
        n.cells[t] = me;
        match c {
            Some(c) => {
                n.cells[c] = 0;
                progress = true;
                if n.last[them].map(|(_, to)| to) == Some(c) {
                    n.last[them] = None;
                }
                if n.reserve[them] > 0 && o.drop_timing != rules::DropTiming::DeferredDrop {
                    n.owed[them] = true;
                }
            }
            None => {
                if o.no_reverse_move {
                    n.last[r.side] = Some((f, t));
                }
            }
        }
    }
    if let Some(d) = m.drop {
        if !m.drop_first {
            n.cells[d] = me;
        }
        n.reserve[r.side] -= 1;
        progress = true;
    }
    n.owed[r.side] = false;
    n.np = if progress { 0 } else { n.np + 1 };
    n.side = them;
    n
}

fn ref_perft(r: &Ref, o: &QueahOptions, g: &Geo, depth: u32) -> u64 {
    let moves = ref_moves(r, o, g);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| ref_perft(&ref_play(r, m, o), o, g, depth - 1))
        .sum()
}

/// A small deterministic generator (xorshift64*), so the test needs no extra crates.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Option sets covering every option value and several link-scheme combinations.
fn option_sets() -> Vec<QueahOptions> {
    let sets: &[&[(&str, &str)]] = &[
        &[],
        &[("drop_timing", "move_then_drop")],
        &[("drop_timing", "drop_instead_of_move")],
        &[("drop_timing", "deferred_drop")],
        &[("dropped_piece_may_move", "false")],
        &[("capture_mandatory", "true")],
        &[("no_reverse_move", "false")],
        &[("o_edge_ring", "true")],
        &[("o_edge_centre", "true")],
        &[("o_centre", "true")],
        &[("o_edge_centre", "true"), ("o_centre", "true")],
        &[
            ("o_edge_ring", "true"),
            ("o_edge_centre", "true"),
            ("o_centre", "true"),
        ],
        &[
            ("o_edge_ring", "true"),
            ("drop_timing", "move_then_drop"),
            ("capture_mandatory", "true"),
        ],
        &[
            ("o_centre", "true"),
            ("drop_timing", "deferred_drop"),
            ("capture_mandatory", "true"),
            ("no_progress", "12"),
        ],
        &[
            ("o_edge_centre", "true"),
            ("drop_timing", "drop_instead_of_move"),
            ("capture_mandatory", "true"),
        ],
        &[
            ("o_edge_ring", "true"),
            ("o_centre", "true"),
            ("dropped_piece_may_move", "false"),
            ("capture_mandatory", "true"),
            ("no_progress", "0"),
        ],
    ];
    sets.iter()
        .map(|p| QueahOptions::from_pairs(p.iter().copied()).unwrap())
        .collect()
}

fn sorted_fast(p: &Queah) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_to_string(m))
        .collect();
    v.sort();
    v
}

#[test]
fn reference_agrees_on_random_playouts() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    let mut with_drops = 0;
    for o in option_sets() {
        let g = geometry(&o);
        for _game in 0..80 {
            let mut p = Queah::new(o).unwrap();
            for _ply in 0..160 {
                let setup = p.to_setup();
                let fast = sorted_fast(&p);
                let Some(r) = Ref::from_setup(&setup) else {
                    assert!(fast.is_empty());
                    break;
                };
                let rmoves = ref_moves(&r, &o, &g);
                let mut slow: Vec<String> = rmoves.iter().map(RMove::text).collect();
                slow.sort();
                assert_eq!(fast, slow, "{o:?} {}", setup);
                assert_eq!(p.count_legal(), fast.len() as u64, "{setup}");
                positions += 1;
                if fast.iter().any(|m| m.contains('@')) {
                    with_drops += 1;
                }
                if rmoves.is_empty() {
                    break;
                }
                let k = rng.below(rmoves.len());
                let text = rmoves[k].text();
                let mv = p.parse_move(&text).unwrap();
                p = p.play(&mv).unwrap();
                // The fast position after the move is the referee's.
                let expected = ref_play(&r, &rmoves[k], &o);
                if let Some(got) = Ref::from_setup(&p.to_setup()) {
                    assert_eq!(got, expected, "after {text} from {setup}");
                }
            }
        }
    }
    eprintln!("{positions} positions compared, {with_drops} with drops");
    assert!(positions > 90_000, "{positions}");
    assert!(with_drops > 14_000, "{with_drops}");
}

#[test]
fn reference_agrees_on_perft() {
    for o in option_sets() {
        let g = geometry(&o);
        let p = Queah::new(o).unwrap();
        let r = Ref::from_setup(&p.to_setup()).unwrap();
        for depth in 1..=5 {
            let fast = count(&p, depth, Counting::Paths);
            assert_eq!(fast, ref_perft(&r, &o, &g, depth), "{o:?} depth {depth}");
            assert_eq!(fast, count(&p, depth, Counting::Dedup));
        }
    }
}

#[test]
fn reference_agrees_on_perft_from_random_positions() {
    let mut rng = Rng(12345);
    for o in option_sets() {
        let g = geometry(&o);
        for _ in 0..6 {
            let mut p = Queah::new(o).unwrap();
            let plies = 6 + rng.below(30);
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(&moves[rng.below(moves.len())]);
            }
            let Some(r) = Ref::from_setup(&p.to_setup()) else {
                continue;
            };
            for depth in 1..=3 {
                assert_eq!(
                    count(&p, depth, Counting::Paths),
                    ref_perft(&r, &o, &g, depth),
                    "{o:?} {} depth {depth}",
                    p.position_string()
                );
            }
        }
    }
}

#[test]
fn reference_agrees_with_the_perft_data_file() {
    let mut checked = 0;
    for line in perft_data::read::<Queah>(include_str!("../data/queah_perft.txt")) {
        let (Some(paths), true) = (line.paths, line.depth <= 4) else {
            continue;
        };
        let o = line.options;
        let r = Ref::from_setup(&line.position.to_setup()).unwrap();
        assert_eq!(
            ref_perft(&r, &o, &geometry(&o), line.depth),
            paths,
            "{}",
            line.text
        );
        checked += 1;
    }
    assert!(checked > 50);
}
