//! Maximum cardinality matching in general graphs (Edmonds' blossom algorithm).
//!
//! The pairing code is a greedy walk in preference order that asks this module, before it
//! commits a pair, whether the players left over can still all be paired. Keeping one
//! perfect matching of the remaining players and repairing it with a single augmenting path
//! per question makes that check cheap, and it means the greedy walk never paints itself
//! into a corner: it needs no exponential backtracking to guarantee that every absolute
//! rule (no repeat pairing, colours) holds whenever some pairing satisfies it.

const NONE: usize = usize::MAX;

/// An undirected graph on `n` vertices with a matching, some vertices possibly removed.
#[derive(Clone, Debug)]
pub(crate) struct Matcher {
    n: usize,
    adj: Vec<bool>,
    alive: Vec<bool>,
    mate: Vec<usize>,
    // Scratch of the augmenting-path search, kept to avoid allocating per search.
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Matcher {
    /// A graph whose edges are the pairs for which `edge` says yes, on the `alive` vertices.
    pub(crate) fn new(n: usize, alive: &[bool], edge: impl Fn(usize, usize) -> bool) -> Matcher {
        let mut adj = vec![false; n * n];
        for i in 0..n {
            if !alive[i] {
                continue;
            }
            for j in i + 1..n {
                if alive[j] && edge(i, j) {
                    adj[i * n + j] = true;
                    adj[j * n + i] = true;
                }
            }
        }
        Matcher {
            n,
            adj,
            alive: alive.to_vec(),
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    fn edge(&self, a: usize, b: usize) -> bool {
        self.adj[a * self.n + b]
    }

    /// Whether `a` and `b` may be paired.
    pub(crate) fn has_edge(&self, a: usize, b: usize) -> bool {
        a != b && self.alive[a] && self.alive[b] && self.edge(a, b)
    }

    /// Grows the matching to a maximum one; returns whether it covers every live vertex.
    pub(crate) fn maximise(&mut self) -> bool {
        // A greedy start leaves few vertices for the slower path searches.
        for v in 0..self.n {
            if !self.alive[v] || self.mate[v] != NONE {
                continue;
            }
            for w in v + 1..self.n {
                if self.alive[w] && self.mate[w] == NONE && self.edge(v, w) {
                    self.mate[v] = w;
                    self.mate[w] = v;
                    break;
                }
            }
        }
        for v in 0..self.n {
            if self.alive[v] && self.mate[v] == NONE {
                if let Some(end) = self.find_path(v) {
                    self.augment(end);
                }
            }
        }
        self.is_perfect()
    }

    /// Whether every live vertex is matched.
    pub(crate) fn is_perfect(&self) -> bool {
        (0..self.n).all(|v| !self.alive[v] || self.mate[v] != NONE)
    }

    /// The number of matched pairs.
    pub(crate) fn size(&self) -> usize {
        (0..self.n)
            .filter(|&v| self.alive[v] && self.mate[v] != NONE)
            .count()
            / 2
    }

    /// The vertex matched with `v`.
    #[cfg(test)]
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// With a perfect matching: removes `a` and `b` as a pair if the remaining vertices can
    /// still all be matched, and says whether it did. The matching stays perfect either way.
    pub(crate) fn fix_pair(&mut self, a: usize, b: usize) -> bool {
        if !self.has_edge(a, b) {
            return false;
        }
        let (ma, mb) = (self.mate[a], self.mate[b]);
        if ma == b {
            self.alive[a] = false;
            self.alive[b] = false;
            self.mate[a] = NONE;
            self.mate[b] = NONE;
            return true;
        }
        self.alive[a] = false;
        self.alive[b] = false;
        if ma != NONE {
            self.mate[ma] = NONE;
        }
        if mb != NONE {
            self.mate[mb] = NONE;
        }
        let ok = match (ma, mb) {
            (NONE, NONE) => true,
            (x, NONE) | (NONE, x) => {
                // Only possible when the matching was not perfect: try to rematch x.
                match self.find_path(x) {
                    Some(end) => {
                        self.augment(end);
                        true
                    }
                    None => false,
                }
            }
            (x, _) => match self.find_path(x) {
                Some(end) => {
                    self.augment(end);
                    true
                }
                None => false,
            },
        };
        if ok {
            self.mate[a] = NONE;
            self.mate[b] = NONE;
            return true;
        }
        // Undo: the failed search changed no mates.
        self.alive[a] = true;
        self.alive[b] = true;
        if ma != NONE {
            self.mate[ma] = a;
        }
        if mb != NONE {
            self.mate[mb] = b;
        }
        self.mate[a] = ma;
        self.mate[b] = mb;
        false
    }

    fn lca(&mut self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.n];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Searches an augmenting path from the exposed vertex `root`; returns its other end.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.n;
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for to in 0..n {
                if !self.alive[to] || !self.edge(v, to) {
                    continue;
                }
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let cur = self.lca(v, to);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push(next);
                }
            }
        }
        None
    }

    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let ppv = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = ppv;
        }
    }
}

/// The size of a maximum matching among `members` under `edge`.
pub(crate) fn max_matching(members: &[usize], edge: impl Fn(usize, usize) -> bool) -> usize {
    let k = members.len();
    let mut m = Matcher::new(k, &vec![true; k], |i, j| edge(members[i], members[j]));
    m.maximise();
    m.size()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn odd_cycle_blossom_is_handled() {
        // A triangle 0-1-2 with a tail 2-3 and 0-4, 1-5: perfect matching needs the blossom.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (1, 5)];
        let e = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        let mut m = Matcher::new(6, &[true; 6], e);
        assert!(m.maximise());
        assert_eq!(m.size(), 3);
    }

    #[test]
    fn fix_pair_keeps_the_rest_perfect_or_refuses() {
        // Path 0-1-2-3: fixing (1,2) would strand 0 and 3.
        let e = |a: usize, b: usize| a.abs_diff(b) == 1;
        let mut m = Matcher::new(4, &[true; 4], e);
        assert!(m.maximise());
        assert!(!m.fix_pair(1, 2));
        assert!(m.is_perfect());
        assert!(m.fix_pair(0, 1));
        assert!(m.is_perfect());
        assert_eq!(m.mate(2), Some(3));
    }

    #[test]
    fn complete_graph_matching_is_perfect_after_many_fixes() {
        let n = 30;
        let mut m = Matcher::new(n, &vec![true; n], |a, b| (a + b) % 7 != 0);
        assert!(m.maximise());
        let mut left: Vec<usize> = (0..n).collect();
        while let Some(&a) = left.first() {
            let b = *left
                .iter()
                .skip(1)
                .find(|&&b| m.has_edge(a, b) && m.clone().fix_pair(a, b))
                .unwrap();
            assert!(m.fix_pair(a, b));
            left.retain(|&x| x != a && x != b);
        }
    }
}
