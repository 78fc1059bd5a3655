//! The 13 cells' link and jump tables, one per movement scheme (spec §3.1, §3.5), built at
//! compile time.

use super::BOARD;

/// Link and jump tables of one movement scheme (spec §3.1, §3.5).
#[derive(Debug)]
pub(super) struct Tables {
    /// Cells linked to each cell.
    pub(super) links: [u64; 64],
    /// Jumps from each cell: `(jumped cell, landing cell)` along a straight 3-cell line
    /// whose two links are both enabled.
    pub(super) jumps: [[(u8, u8); MAX_JUMPS]; 64],
    /// Number of entries of `jumps` used per cell.
    pub(super) njumps: [u8; 64],
}

/// At most 4 jump lines start from one cell (c3: four diagonals; a1: one diagonal and two
/// O-lines); `build` checks this bound at compile time.
pub(super) const MAX_JUMPS: usize = 4;

/// True if `index` is an edge cell (file or rank a/e, 1/5), spec §3.5.
const fn is_edge(index: i32) -> bool {
    let (f, r) = (index % 8, index / 8);
    f == 0 || f == 4 || r == 0 || r == 4
}

/// The cell at `(file, rank)` if it is one of the 13.
const fn cell(file: i32, rank: i32) -> Option<i32> {
    if file < 0 || file > 4 || rank < 0 || rank > 4 {
        return None;
    }
    let i = rank * 8 + file;
    if BOARD >> i & 1 == 1 {
        Some(i)
    } else {
        None
    }
}

/// True if cells `p` and `q` are linked under `scheme` (bit 0 ring, bit 1 edge-centre,
/// bit 2 centre). D-links are always on; an O-link joins cells two apart on a rank or file
/// and belongs to the ring (both edge cells), the centre (neither) or edge-centre (spec §3.5).
const fn linked(p: i32, q: i32, scheme: usize) -> bool {
    let df = (q % 8 - p % 8).abs();
    let dr = (q / 8 - p / 8).abs();
    if df == 1 && dr == 1 {
        return true;
    }
    if !((df == 2 && dr == 0) || (df == 0 && dr == 2)) {
        return false;
    }
    let class = match (is_edge(p), is_edge(q)) {
        (true, true) => 1,
        (false, false) => 4,
        _ => 2,
    };
    scheme & class != 0
}

const fn build(scheme: usize) -> Tables {
    let mut t = Tables {
        links: [0; 64],
        jumps: [[(0, 0); MAX_JUMPS]; 64],
        njumps: [0; 64],
    };
    // D directions move one file and one rank; O directions two files or two ranks.
    const DIRS: [(i32, i32); 8] = [
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (2, 0),
        (-2, 0),
        (0, 2),
        (0, -2),
    ];
    let mut p = 0;
    while p < 64 {
        if BOARD >> p & 1 == 1 {
            let (f, r) = (p % 8, p / 8);
            let mut d = 0;
            while d < DIRS.len() {
                let (df, dr) = DIRS[d];
                if let Some(m) = cell(f + df, r + dr) {
                    if linked(p, m, scheme) {
                        t.links[p as usize] |= 1 << m;
                        if let Some(q) = cell(f + 2 * df, r + 2 * dr) {
                            if linked(m, q, scheme) {
                                let n = t.njumps[p as usize] as usize;
                                assert!(n < MAX_JUMPS);
                                t.jumps[p as usize][n] = (m as u8, q as u8);
                                t.njumps[p as usize] += 1;
                            }
                        }
                    }
                }
                d += 1;
            }
        }
        p += 1;
    }
    t
}

/// The tables of the eight link schemes, indexed by [`QueahOptions::scheme`].
pub(super) static TABLES: [Tables; 8] = [
    build(0),
    build(1),
    build(2),
    build(3),
    build(4),
    build(5),
    build(6),
    build(7),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_the_spec_counts() {
        // 16 D-links (spec §3.1), 10 D-jump lines = 20 directed jumps.
        let t = &TABLES[0];
        let links: u32 = t.links.iter().map(|l| l.count_ones()).sum();
        assert_eq!(links, 32);
        let jumps: u32 = t.njumps.iter().map(|&n| u32::from(n)).sum();
        assert_eq!(jumps, 20);
        // All schemes: 16 more links, 6 more lines (ranks 1, 3, 5, files a, c, e).
        let t = &TABLES[7];
        let links: u32 = t.links.iter().map(|l| l.count_ones()).sum();
        assert_eq!(links, 64);
        let jumps: u32 = t.njumps.iter().map(|&n| u32::from(n)).sum();
        assert_eq!(jumps, 32);
    }
}
