//! The search: one alpha-beta for every game and seat count.
//!
//! Two-seat games are searched by negamax with principal variation search, and so is Neva in
//! 2 vs 2 (the searching seat and its partner are one side) and Neva with one opponent left.
//! A free-for-all of three or four seats is searched by a [`MultiSearch`]:
//! * *paranoid* (the default): every other seat still playing is assumed to play against the
//!   searching seat, which makes it a two-sided search again;
//! * *best-reply* (BRS+, after Schadd & Winands' BRS and Esser et al.'s BRS+): in each round
//!   one opponent answers with all its moves and the others play their first-ordered move.
//!   The turns stay in the rules' order, unlike plain BRS, whose skipped turns would hide the
//!   captures Neva makes compulsory;
//! * *blend* (level 5): an opponent's move is valued half by its best reply and half by the
//!   mean over all its legal replies, an opponent model between paranoid and expectimax
//!   (what a field that plays for itself, or at random, actually does). A mean needs every
//!   reply's exact value, so opponent nodes do not prune; the searching seat's nodes keep
//!   alpha-beta. Since that sees too shallow to prove a forced win, a blend first runs a
//!   paranoid search on half as much budget again and plays the win it proves, if any
//!   (`Searcher::play`).
//!
//! Consecutive turns of the same side (two opponents in a row) keep the score's sign; a change
//! of side negates it, which is all negamax needs.
//!
//! Measured with the `neva_field` example (node budgets only, seats rotated): against three
//! random movers (400 games each) paranoid finished first in 384 games at level 3's budget
//! and BRS+ in 371; at level 5's budget paranoid in 378 and BRS+ in 385. Head to head, with
//! both at level 5's budget against two level 3s (120 games), BRS+ finished first alone in
//! 35, paranoid in 26, the level 3s in 22 and 16; and paranoid at level 5's budget finished
//! first less often than levels 4 and 3 (levels 5, 4, 3, 2 together, 200 games: 39, 49, 55,
//! 16): the deeper paranoid looks, the more of its tree is three opponents ganging up on
//! it, which opponents playing for themselves do not do. So a small budget searches
//! paranoid; paranoid is also exact whenever the game has two sides. With level 5 on
//! best-reply, levels 5, 4, 3, 2 together finished first 34, 24, 35 and 7 times in 120
//! games, and against random movers level 5 was not ahead of level 3 either (770 of 800
//! against 951 of 1,000). Max-n was not tried: it prunes only shallowly, so the same budget
//! reaches about half the depth.
//!
//! Why best-reply was not ahead: of the games either level does not win, nearly all end
//! with the bot's last piece captured by another seat's move (level 3 over 1,000 games: 42
//! in the middle game, 7 in the opening, no draws). What decides them is which captures
//! three random seats happen to make, which paranoid and best-reply do not model: to them a
//! move that one reply in five punishes is as bad as one every reply punishes. None of
//! these changes at level 5's budget moved best-reply's 191 first places in 200 games
//! (seed 1) beyond the noise: own weight 30 (193), paranoid over the first round of replies and
//! best-reply below it (191), and a survival bonus for the seat's last three pieces, which
//! at level 3's budget cost first places (384 of 400 → 375 at +100 a piece, 364 at +250).
//! The blend models the field instead; at level 5's budget it finished first in 195 of the
//! same 200 games with [`MultiStyle::mean_weight`] 3 or 5, 194 with 7 and 190 with 10 (pure
//! expectimax), so level 5 blends half and half ([`MultiStyle::for_budget`]). Over the same
//! 1,000 games level 5 then finished first in 978 (95% interval 96.7-98.5%) and level 3
//! in 951 (93.6-96.3%). Among searching bots it is no gain: levels 5, 4, 3, 2 together
//! finished first alone 31, 13, 45 and 7 times in 120 games. The runs are in
//! `docs/bots.md`.
//!
//! A free-for-all leaf counts the searching seat's own assets twice against the sum of its
//! opponents' ([`MultiStyle::own_weight`] 20): an even trade helps the seats that stayed out
//! of it, and a seat whose last piece goes is out. With `own - sum(others)` nearly every game
//! level 3 did not win against random movers was lost by being captured out; weights 10, 15,
//! 20, 25, 30 gave 352, 379, 384, 379, 369 first places in 400 games.
//!
//! The node and time limits are checked inside the search (every node counts, the clock is
//! read every 1,024 nodes); when either runs out, the last completed iteration's move is
//! played, or the best move the unfinished iteration had already proved better.

use std::time::{Duration, Instant};

use rules::{EndReason, GameOptions, Move, MoveList, Position, SeatSet, Status};

use crate::eval::{Evaluate, Weights};

/// Score of a won game (minus the plies it takes to get there).
pub const WIN: i32 = 30_000;
/// Scores above this (in absolute value) are wins or losses found by the search.
pub const WIN_BOUND: i32 = WIN - 1_000;
const INF: i32 = WIN + 1;
/// Deepest ply the search visits, quiescence included.
const MAX_PLY: usize = 128;
/// Quiescence plies of optional captures searched at most below the horizon.
const MAX_QUIET: u32 = 12;
/// Mixed into the table key of best-reply nodes whose round's reply is spent.
const REPLIED: u64 = 0x5BD1_E995_3C6E_F372;
/// Mixed with the no-progress counter into the table key of nodes near the limit.
const PROGRESS: u64 = 0x2545_F491_4F6C_DD1D;
/// Turns beyond a node's depth within which the no-progress limit still counts for its
/// table key (single-reply extensions can carry a line past its nominal depth).
const PROGRESS_MARGIN: i32 = 16;

/// How a game of three or more sides (Neva free-for-all with three or four seats) is
/// searched; two sides are always searched by plain alpha-beta.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum MultiSearch {
    /// Every other seat plays against the searching seat (a two-sided alpha-beta).
    #[default]
    Paranoid,
    /// Best-reply search with legal turns (BRS+): in each round one opponent answers with
    /// its best move and the others play their first-ordered move.
    BestReply,
    /// Every opponent's move is valued as a blend of its best reply and the mean over all
    /// its legal replies ([`MultiStyle::mean_weight`]): an opponent that plays for itself,
    /// or at random, rarely plays the one reply that hurts the searching seat most.
    Blend,
}

/// How a bot plays a free-for-all of three or more seats: its search, and how much its own
/// assets count against its opponents'.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MultiStyle {
    /// The search.
    pub algorithm: MultiSearch,
    /// Weight, in tenths, of the searching seat's own assets in a leaf's score, against the
    /// sum of its opponents' (10: a piece of its own is worth one of any opponent's).
    pub own_weight: i32,
    /// [`MultiSearch::Blend`]: weight, in tenths, of the mean over an opponent's replies in
    /// its move's value (the rest is its best reply); ignored by the other searches.
    pub mean_weight: i32,
}

impl MultiStyle {
    /// Paranoid, a piece of one's own worth one of any opponent's: the value
    /// [`crate::search_game`] and the analysis use (a seat's assets minus the sum of the
    /// others').
    pub const NEUTRAL: MultiStyle = MultiStyle {
        algorithm: MultiSearch::Paranoid,
        own_weight: 10,
        mean_weight: 0,
    };

    /// Node budgets from which the levels search a free-for-all by [`MultiSearch::Blend`].
    pub const BLEND_FROM: u64 = 100_000;

    /// How a bot with a budget of `nodes` plays a free-for-all: paranoid below
    /// [`MultiStyle::BLEND_FROM`] nodes, from there on (level 5) the blend of an
    /// opponent's best and mean reply, half and half, as measured (see the `search`
    /// module's notes).
    pub const fn for_budget(nodes: u64) -> MultiStyle {
        if nodes >= MultiStyle::BLEND_FROM {
            MultiStyle {
                algorithm: MultiSearch::Blend,
                own_weight: 20,
                mean_weight: 5,
            }
        } else {
            MultiStyle {
                algorithm: MultiSearch::Paranoid,
                own_weight: 20,
                mean_weight: 0,
            }
        }
    }
}

/// Paranoid with the levels' own weight (the style of [`MultiStyle::for_budget`] below
/// [`MultiStyle::BLEND_FROM`] nodes).
impl Default for MultiStyle {
    fn default() -> MultiStyle {
        MultiStyle {
            algorithm: MultiSearch::Paranoid,
            own_weight: 20,
            mean_weight: 0,
        }
    }
}

impl MultiSearch {
    /// Every algorithm.
    pub const ALL: [MultiSearch; 3] = [
        MultiSearch::Paranoid,
        MultiSearch::BestReply,
        MultiSearch::Blend,
    ];

    /// Its name: `paranoid`, `brs`, `blend`.
    pub const fn name(self) -> &'static str {
        match self {
            MultiSearch::Paranoid => "paranoid",
            MultiSearch::BestReply => "brs",
            MultiSearch::Blend => "blend",
        }
    }

    /// The algorithm of [`MultiSearch::name`].
    pub fn parse(name: &str) -> Option<MultiSearch> {
        MultiSearch::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// How much a search may spend.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Nodes (positions visited), quiescence included.
    pub nodes: u64,
    /// Wall-clock time, if any.
    pub time: Option<Duration>,
    /// Deepest iteration, in plies.
    pub depth: u8,
}

impl Limits {
    /// Only a node limit (results do not depend on the machine's load).
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes,
            time: None,
            depth: 64,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// Its score for the searching seat (with its partner), in hundredths of a man;
    /// beyond [`WIN_BOUND`] a forced win, below `-WIN_BOUND` a forced loss. When the
    /// searching team is not on move at the root, it is the score of the side on move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
}

/// The key of a position for the transposition table and repetition checks: the rules'
/// incremental Zobrist hash, kept up to date by `play_unchecked`.
#[inline]
fn key<P: Position>(p: &P) -> u64 {
    p.hash()
}

/// Keeps only the captures of a list of legal moves.
#[inline]
fn keep_captures(moves: &mut MoveList) {
    moves.retain(Move::is_capture);
}

/// The seats of the game still playing (Neva keeps eliminated seats in `seats()`).
fn playing<P: Evaluate>(p: &P) -> SeatSet {
    let out = p
        .eliminated()
        .iter()
        .fold(SeatSet::EMPTY, |a, &g| a.union(g));
    p.seats().minus(out)
}

/// A blend's search for a forced win gets this fraction of its node budget on top (at
/// level 5's budget a fifth did not prove the four-seat puzzle of `tests/puzzles.rs`, a half
/// did).
const PROOF_SHARE: u64 = 2;

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// Index of the best move in the position's generated move list, `u16::MAX` if none.
    best: u16,
    depth: i8,
    bound: Bound,
}

#[derive(Copy, Clone, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// A SplitMix64 step: small, seedable, and enough for move noise.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One search's state. Built per move: the table is small enough that sharing it between
/// moves is not worth the synchronisation in the server's pool.
pub(crate) struct Searcher<P> {
    team: SeatSet,
    limits: Limits,
    deadline: Option<Instant>,
    nodes: u64,
    stopped: bool,
    table: Vec<Entry>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<[i32; 64]>,
    lists: Vec<MoveList>,
    path: Vec<u64>,
    /// Occurrences of a position that end the game; 0 = off.
    repetition: usize,
    /// The no-progress limit, for a game whose search keeps the counter (see
    /// [`Evaluate::progress`]); 0 = not kept or off.
    progress_limit: u16,
    /// The no-progress counter of each ply's position (kept only with a limit).
    progress: Vec<u16>,
    noise: i32,
    seed: u64,
    w: Weights,
    root_best: Option<(Move, i32)>,
    multi: MultiStyle,
    /// Best-reply search: per ply, whether an opponent already answered in this round.
    replied: Vec<bool>,
    _game: std::marker::PhantomData<P>,
}

impl<P: Evaluate> Searcher<P> {
    /// A searcher for the seat to move in `root` (with its partner when `team` has two),
    /// scoring leaves with `w`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        root: &P,
        team: SeatSet,
        limits: Limits,
        history: &[u64],
        noise: i32,
        seed: u64,
        w: Weights,
    ) -> Searcher<P> {
        // Table size follows the budget: about one entry per node, at most 2^20 (16 MiB).
        let bits = (64 - limits.nodes.max(1024).leading_zeros()).clamp(10, 20);
        Searcher {
            team,
            limits,
            deadline: limits.time.map(|t| Instant::now() + t),
            nodes: 0,
            stopped: false,
            table: vec![Entry::default(); 1 << bits],
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![[0; 64]; 64],
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            path: history.to_vec(),
            repetition: usize::from(root.options().repetition_limit()),
            progress_limit: root.progress().map_or(0, |(_, limit)| limit),
            progress: {
                let mut v = vec![0; MAX_PLY + 2];
                v[0] = root.progress().map_or(0, |(np, _)| np);
                v
            },
            noise,
            seed,
            w,
            root_best: None,
            multi: MultiStyle::NEUTRAL,
            replied: vec![false; MAX_PLY + 2],
            _game: std::marker::PhantomData,
        }
    }

    /// Searches games of three or more sides by `multi` instead of the default.
    pub(crate) fn with_multi(mut self, multi: MultiStyle) -> Searcher<P> {
        self.multi = multi;
        self
    }

    /// [`Searcher::run`], except that in free-for-all with two or more opponents a blend
    /// first spends half as many nodes again as its budget ([`PROOF_SHARE`]; half of its
    /// time, within its time limit) on a paranoid search, and plays the win that search
    /// proves, if any: such a win holds whatever the opponents play, while the blend prunes
    /// nothing at opponent nodes and sees too shallow to prove one, so it could drift in a
    /// won ending against opponents who defend.
    pub(crate) fn play(mut self, root: &P) -> Option<SearchResult> {
        // With one opponent left (or in team play) the game has two sides, and every search
        // is plain alpha-beta, a proof already.
        let ffa = self.team.len() == 1 && playing(root).minus(self.team).len() >= 2;
        if self.multi.algorithm != MultiSearch::Blend || !ffa {
            return self.run(root);
        }
        let proof = Limits {
            nodes: self.limits.nodes / PROOF_SHARE,
            time: self.limits.time.map(|t| t / PROOF_SHARE as u32),
            ..self.limits
        };
        let paranoid = MultiStyle {
            algorithm: MultiSearch::Paranoid,
            ..self.multi
        };
        let proved = Searcher::new(
            root, self.team, proof, &self.path, self.noise, self.seed, self.w,
        )
        .with_multi(paranoid)
        .run(root)?;
        if proved.score > WIN_BOUND {
            return Some(proved);
        }
        // The deadline was set when this searcher was built, before the proof search.
        let mut found = self.run(root)?;
        found.nodes += proved.nodes;
        Some(found)
    }

    /// Iterative deepening from `root`; `None` only when the game is over.
    pub(crate) fn run(&mut self, root: &P) -> Option<SearchResult> {
        let moves = root.legal_moves();
        let first = *moves.first()?;
        let mut result = SearchResult {
            best: first,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        // The team is normally on move at the root; analysis also asks for the team's value
        // of a position where an opponent moves (then scores are the opponents' side's).
        let side = root.turn().map_or(true, |s| self.team.contains(s));
        for depth in 1..=self.limits.depth.max(1) {
            self.root_best = None;
            let score = self.search(root, i32::from(depth), 0, -INF, INF, side);
            if let Some((mv, s)) = self.root_best {
                result.best = mv;
                result.score = if self.stopped { s } else { score };
            }
            if self.stopped {
                break;
            }
            result.depth = depth;
            // A single legal move, or a proven result, needs no deeper look.
            if moves.len() == 1 || score.abs() > WIN_BOUND {
                break;
            }
        }
        result.nodes = self.nodes;
        Some(result)
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Whether reaching `pos` (key `k`) once more ends the game by repetition.
    ///
    /// A repetition scored as a draw ends the line at the position's second occurrence,
    /// as engines do: the side that steered back into it can repeat again. A repetition
    /// that is adjudicated (Queah's piece count) ends it only at the rule's own count,
    /// since the side that would lose the adjudication will leave the cycle before then.
    fn repeats(&self, pos: &P, k: u64) -> bool {
        if self.repetition == 0 || !self.path.contains(&k) {
            return false;
        }
        let seen = self.path.iter().filter(|&&h| h == k).count();
        seen + 1 >= self.repetition
            || matches!(pos.adjudicate(EndReason::Repetition), Status::Drawn { .. })
    }

    /// The counter of the position after `mv` is played at `ply`.
    fn count_progress(&mut self, ply: usize, mv: &Move) {
        if self.progress_limit > 0 {
            let np = if P::resets_progress(mv) {
                0
            } else {
                self.progress[ply].saturating_add(1)
            };
            self.progress[ply + 1] = np;
        }
    }

    /// What the table key of the node at `ply` with `depth` to go adds to the position's
    /// hash: the no-progress counter once its limit is within the node's reach (the rules'
    /// hash leaves counters out, but a position a few turns from the limit has another
    /// value than the same position just after a capture), nothing otherwise.
    fn progress_key(&self, ply: usize, depth: i32) -> u64 {
        let np = self.progress[ply];
        if self.progress_limit > 0
            && i32::from(self.progress_limit) - i32::from(np) <= depth + PROGRESS_MARGIN
        {
            mix(PROGRESS ^ u64::from(np))
        } else {
            0
        }
    }

    /// Score of a finished game for the side `side` (true: the searching team).
    fn terminal(&self, status: Status, ply: usize, side: bool) -> i32 {
        let team_score = match status {
            Status::Won { winners, .. } if winners.intersect(self.team).is_empty() => {
                -(WIN - ply as i32)
            }
            Status::Won { .. } => WIN - ply as i32,
            Status::Drawn { .. } | Status::Ongoing => 0,
        };
        if side {
            team_score
        } else {
            -team_score
        }
    }

    /// Static score for `side` of a position with `mobility` legal moves for its mover.
    fn leaf(&self, pos: &P, k: u64, side: bool, mobility: usize) -> i32 {
        let s = pos.seat_scores_with(&self.w);
        let mut team = 0;
        let mut opp = 0;
        for seat in pos.seats().iter() {
            if self.team.contains(seat) {
                team += s[seat.index()];
            } else {
                opp += s[seat.index()];
            }
        }
        let ffa = self.team.len() == 1 && playing(pos).minus(self.team).len() >= 2;
        let team = if ffa {
            team * self.multi.own_weight / 10 - opp
        } else {
            team - opp
        };
        let mut v = if side { team } else { -team };
        v += self.w.tempo + self.w.mobility * mobility.min(40) as i32;
        if self.noise > 0 {
            let r = mix(k ^ self.seed) % (2 * self.noise as u64 + 1);
            v += r as i32 - self.noise;
        }
        v
    }

    /// Whether an opponent's node of `pos` is searched as best-reply: only in free-for-all
    /// with two or more opponents still playing (otherwise every order of turns is a
    /// two-sided game and paranoid is exact).
    fn best_reply(&self, pos: &P) -> bool {
        self.multi.algorithm == MultiSearch::BestReply
            && self.team.len() == 1
            && playing(pos).minus(self.team).len() >= 2
    }

    /// Whether an opponent's node of `pos` is valued as a blend of its best and its mean
    /// reply: only in free-for-all with two or more opponents still playing.
    fn blends(&self, pos: &P) -> bool {
        self.multi.algorithm == MultiSearch::Blend
            && self.team.len() == 1
            && playing(pos).minus(self.team).len() >= 2
    }

    /// The blended value, for the opponent on move, of its `moves` in `pos` (see
    /// [`MultiSearch::Blend`]), and the index of its best one. Every reply is searched with
    /// a full window: a mean needs exact values, so these nodes do not prune.
    fn blend(
        &mut self,
        pos: &P,
        moves: &MoveList,
        depth: i32,
        ply: usize,
        quiet: Option<u32>,
    ) -> (i32, u16) {
        let mut best = -INF;
        let mut best_idx = u16::MAX;
        let mut sum = 0i64;
        for (i, mv) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.count_progress(ply, mv);
            self.replied[ply + 1] = false;
            let s = self.child(&child, depth, ply + 1, -INF, INF, false, quiet);
            if self.stopped {
                return (0, u16::MAX);
            }
            sum += i64::from(s);
            if s > best {
                best = s;
                best_idx = i as u16;
            }
        }
        let n = moves.len().max(1) as i64;
        let mean = (sum / n) as i32;
        let m = self.multi.mean_weight.clamp(0, 10);
        ((best * (10 - m) + mean * m) / 10, best_idx)
    }

    /// The searching team is out of a Neva game that goes on: a loss for it.
    fn team_out(&self, pos: &P) -> bool {
        playing(pos).intersect(self.team).is_empty()
    }

    /// Value of `child` for the parent's side, within the parent's window.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        child: &P,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        side: bool,
        quiet: Option<u32>,
    ) -> i32 {
        let cside = child.turn().map_or(side, |s| self.team.contains(s));
        if cside {
            // The searching side moves: a new round of replies begins.
            self.replied[ply.min(MAX_PLY + 1)] = false;
        }
        let same = cside == side;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let v = match quiet {
            Some(q) => self.qsearch(child, ply, a, b, cside, q),
            None => self.search(child, depth, ply, a, b, cside),
        };
        if same {
            v
        } else {
            -v
        }
    }

    fn search(
        &mut self,
        pos: &P,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        side: bool,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(pos, ply, alpha, beta, side, 0);
        }
        if self.tick() {
            return 0;
        }
        let status = pos.status();
        if !status.is_ongoing() {
            return self.terminal(status, ply, side);
        }
        if ply > 0 && self.team_out(pos) {
            let lost = -(WIN - ply as i32);
            return if side { lost } else { -lost };
        }
        let k = key(pos);
        if ply > 0 && self.repeats(pos, k) {
            return self.terminal(pos.adjudicate(EndReason::Repetition), ply, side);
        }
        let brs = !side && self.best_reply(pos);
        let replied = brs && self.replied[ply];
        // A node where the round's reply is spent has another value: another table entry.
        let tk = (if replied { k ^ REPLIED } else { k }) ^ self.progress_key(ply, depth);
        let slot = (tk as usize) & (self.table.len() - 1);
        let e = self.table[slot];
        let mut tt_best = u16::MAX;
        if e.bound != Bound::Empty && e.key == tk {
            tt_best = e.best;
            let s = from_table(e.score, ply);
            if ply > 0 && i32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        pos.legal_moves_into(&mut list);
        // A forced reply costs the opponent nothing to find: look one ply further.
        let depth = if list.len() == 1 { depth + 1 } else { depth };
        if !side && self.blends(pos) {
            self.path.push(k);
            let (best, best_idx) = self.blend(pos, &list, depth - 1, ply, None);
            self.path.pop();
            if ply == 0 && !self.stopped {
                // An opponent on move at the root (analysis, draw offers): its best reply.
                self.root_best = list.get(usize::from(best_idx)).map(|&mv| (mv, best));
            }
            self.lists[ply] = list;
            if self.stopped {
                return 0;
            }
            self.table[slot] = Entry {
                key: tk,
                score: to_table(best, ply),
                best: best_idx,
                depth: depth.clamp(0, 127) as i8,
                bound: Bound::Exact,
            };
            return best;
        }
        let mut order = self.order(&list, tt_best, ply);
        let mut alpha = alpha;
        let mut best = -INF;
        let mut best_idx = u16::MAX;
        let mut raised = false;
        self.path.push(k);
        // Best-reply search: an opponent either answers (all its moves, one ply of depth,
        // and the others of the round then play their first-ordered move for free), or,
        // unless it is the last opponent before the searching side, plays its first move
        // and leaves the answer to the next one (the `pass` child after the list).
        let count = if replied {
            order.len().min(1)
        } else {
            order.len() + usize::from(brs)
        };
        for n in 0..count {
            let pass = n == order.len();
            let i = if pass {
                order[0].1
            } else {
                pick(&mut order, n)
            };
            let mv = list[i];
            let mut child = pos.clone();
            child.play_unchecked(&mv);
            self.count_progress(ply, &mv);
            if pass && child.turn().map_or(true, |s| self.team.contains(s)) {
                continue;
            }
            let d = if replied || pass { depth } else { depth - 1 };
            self.replied[ply + 1] = brs && !pass;
            let score = if n == 0 {
                self.child(&child, d, ply + 1, alpha, beta, side, None)
            } else {
                let s = self.child(&child, d, ply + 1, alpha, alpha + 1, side, None);
                if s > alpha && s < beta && !self.stopped {
                    self.replied[ply + 1] = brs && !pass;
                    self.child(&child, d, ply + 1, alpha, beta, side, None)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_idx = i as u16;
                if score > alpha {
                    alpha = score;
                    raised = true;
                    if ply == 0 {
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if !mv.is_capture() {
                            self.reward(&mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if raised {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table[slot] = Entry {
            key: tk,
            score: to_table(best, ply),
            best: best_idx,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
        best
    }

    /// Searches captures until the position is quiet, so that no leaf is scored in the middle
    /// of an exchange (or, in Give and Take, with the hot piece still hanging).
    fn qsearch(&mut self, pos: &P, ply: usize, alpha: i32, beta: i32, side: bool, q: u32) -> i32 {
        if self.tick() {
            return 0;
        }
        let status = pos.status();
        if !status.is_ongoing() {
            return self.terminal(status, ply, side);
        }
        if self.team_out(pos) {
            let lost = -(WIN - ply as i32);
            return if side { lost } else { -lost };
        }
        let k = key(pos);
        let mut list = std::mem::take(&mut self.lists[ply.min(MAX_PLY)]);
        pos.legal_moves_into(&mut list);
        let stand = self.leaf(pos, k, side, list.len());
        let captures = list.iter().filter(|m| m.is_capture()).count();
        // Compulsory captures cannot be declined, so there is no standing pat before them.
        let forced = captures > 0 && captures == list.len();
        let mut alpha = alpha;
        let mut best = -INF;
        if !forced || q >= MAX_QUIET || ply >= MAX_PLY {
            best = stand;
            if stand >= beta || captures == 0 || q >= MAX_QUIET || ply >= MAX_PLY {
                self.lists[ply.min(MAX_PLY)] = list;
                return stand;
            }
            alpha = alpha.max(stand);
        }
        keep_captures(&mut list);
        if forced && !side && self.blends(pos) {
            // `forced`: the stand-pat was not taken, so no bound was raised yet.
            let (v, _) = self.blend(pos, &list, 0, ply, Some(q + 1));
            self.lists[ply.min(MAX_PLY)] = list;
            return if self.stopped { 0 } else { v };
        }
        let mut order: Vec<(i32, usize)> = list
            .iter()
            .enumerate()
            .map(|(i, m)| (m.captured().len() as i32 * 16 + i32::from(m.promotes()), i))
            .collect();
        for n in 0..order.len() {
            let i = pick(&mut order, n);
            let mv = list[i];
            let mut child = pos.clone();
            child.play_unchecked(&mv);
            self.count_progress(ply, &mv);
            let score = self.child(&child, 0, ply + 1, alpha, beta, side, Some(q + 1));
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply.min(MAX_PLY)] = list;
        if self.stopped {
            0
        } else {
            best
        }
    }

    /// Ordering keys: the table's move, then captures (longest first), crownings, the
    /// killers of this ply, and the history of quiet moves.
    fn order(&self, list: &MoveList, tt_best: u16, ply: usize) -> Vec<(i32, usize)> {
        let killers = self.killers[ply];
        list.iter()
            .enumerate()
            .map(|(i, m)| {
                let key = if i == usize::from(tt_best) {
                    i32::MAX
                } else if m.is_capture() {
                    1 << 29 | (m.captured().len() as i32) << 8 | i32::from(m.promotes())
                } else if m.promotes() {
                    1 << 28
                } else if killers[0] == Some(*m) {
                    1 << 27
                } else if killers[1] == Some(*m) {
                    (1 << 27) - 1
                } else {
                    let (f, t) = ends(m);
                    self.history[f][t].min((1 << 26) - 1)
                };
                (key, i)
            })
            .collect()
    }

    /// A quiet move refuted the opponent: remember it for this ply and in the history.
    fn reward(&mut self, mv: &Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(*mv) {
            k[1] = k[0];
            k[0] = Some(*mv);
        }
        let (f, t) = ends(mv);
        let h = &mut self.history[f][t];
        *h = h.saturating_add(depth * depth);
    }
}

/// Squares a move starts and ends on (a drop's cell for a drop-only turn).
fn ends(m: &Move) -> (usize, usize) {
    let d = m.drop().map_or(0, |s| s.index());
    (
        m.origin().map_or(d, |s| s.index()),
        m.destination().map_or(d, |s| s.index()),
    )
}

/// Moves the best remaining entry to `n` (selection sort: most nodes cut early) and returns
/// its move index.
fn pick(order: &mut [(i32, usize)], n: usize) -> usize {
    let mut best = n;
    for j in n + 1..order.len() {
        if order[j].0 > order[best].0 {
            best = j;
        }
    }
    order.swap(n, best);
    order[n].1
}

/// Win scores are stored relative to the node, so that a transposition at another ply
/// keeps the right distance to the win.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use rules::{Queah, QueahOptions};

    fn searcher(text: &str, options: QueahOptions) -> (Queah, Searcher<Queah>) {
        let pos = Queah::from_position_string(text, options).unwrap();
        let w = crate::eval::weights(rules::Variant::Queah);
        let s = Searcher::new(&pos, SeatSet::TWO, Limits::nodes(1_000), &[], 0, 0, w);
        (pos, s)
    }

    #[test]
    fn queah_keys_its_counter_once_the_limit_is_within_reach() {
        let (pos, mut s) = searcher("W:Wa1,c1,e1:Ba5,c5:np=3", QueahOptions::default());
        assert_eq!((s.progress[0], s.progress_limit), (3, 40));
        // 37 turns from the limit: beyond a 4-ply node's reach, within a 30-ply one's.
        assert_eq!(s.progress_key(0, 4), 0);
        assert_ne!(s.progress_key(0, 30), 0);
        let quiet = pos.legal_moves()[0];
        s.count_progress(0, &quiet);
        assert_eq!(s.progress[1], 4);
        assert_ne!(s.progress_key(1, 30), s.progress_key(0, 30));
        // A drop sets the counter back to zero.
        let (pos, mut s) = searcher(
            "W:Wa1,c1,e1:Ba5,c5,e5,b4:reserve=W1:owe=W:np=7",
            QueahOptions::default(),
        );
        let drop = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.drop().is_some())
            .unwrap();
        s.count_progress(0, &drop);
        assert_eq!(s.progress[1], 0);
    }

    #[test]
    fn other_games_keep_the_rules_hash_as_their_key() {
        let pos = rules::Stockholm::new(rules::StockholmOptions::default()).unwrap();
        let w = crate::eval::weights(rules::Variant::Stockholm);
        let s = Searcher::new(&pos, SeatSet::TWO, Limits::nodes(1_000), &[], 0, 0, w);
        assert_eq!(s.progress_limit, 0);
        assert_eq!(s.progress_key(0, 100), 0);
    }
}
