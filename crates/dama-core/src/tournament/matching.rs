//! Maximum matching in a general graph (Edmonds' blossom algorithm), the pairing's test of
//! whether the players still to pair can all be paired.
//!
//! Vertices are `0..n`; some may be switched off (already paired). The matcher keeps a
//! matching of the live vertices; [`Matcher::can_pair`] tells whether two live vertices can
//! be paired with each other while every other live vertex is still paired too, from the
//! current perfect matching with at most two augmenting searches.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// A graph, the live vertices and a matching of them.
#[derive(Clone, Debug)]
pub(crate) struct Matcher {
    allowed: Vec<Vec<bool>>,
    live: Vec<bool>,
    mate: Vec<usize>,
    // Search scratch.
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Matcher {
    /// A matcher over the graph whose edges `allowed[a][b]` says, every vertex live and none
    /// matched.
    pub(crate) fn new(allowed: Vec<Vec<bool>>) -> Matcher {
        let n = allowed.len();
        Matcher {
            allowed,
            live: vec![true; n],
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Switches a vertex off (it takes no part in the matching any more).
    pub(crate) fn remove(&mut self, v: usize) {
        self.live[v] = false;
        let mate = self.mate[v];
        if mate != NONE {
            self.mate[mate] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Matches as many live vertices as possible; true when every live vertex is matched.
    pub(crate) fn perfect(&mut self) -> bool {
        let n = self.live.len();
        for v in 0..n {
            if self.live[v] && self.mate[v] == NONE {
                // Quick greedy start.
                if let Some(w) = (0..n)
                    .find(|&w| w != v && self.live[w] && self.mate[w] == NONE && self.allowed[v][w])
                {
                    self.mate[v] = w;
                    self.mate[w] = v;
                }
            }
        }
        for v in 0..n {
            if self.live[v] && self.mate[v] == NONE && !self.augment_from(v) {
                return false;
            }
        }
        true
    }

    /// Whether `a` and `b` (live, with every live vertex matched) can be paired together with
    /// every other live vertex still matched. When they can, the matching is changed to one
    /// that pairs them and they are switched off; otherwise nothing changes.
    pub(crate) fn pair_if_possible(&mut self, a: usize, b: usize) -> bool {
        if a == b || !self.allowed[a][b] {
            return false;
        }
        if self.mate[a] == b {
            self.remove(a);
            self.remove(b);
            return true;
        }
        let saved = (self.mate.clone(), self.live.clone());
        let freed = [self.mate[a], self.mate[b]];
        self.remove(a);
        self.remove(b);
        for v in freed {
            if v != NONE && self.mate[v] == NONE && !self.augment_from(v) {
                (self.mate, self.live) = saved;
                return false;
            }
        }
        true
    }

    /// The vertex `v` is matched with, if any.
    #[cfg(test)]
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// Looks for an augmenting path from the free vertex `root` and flips it.
    fn augment_from(&mut self, root: usize) -> bool {
        match self.find_path(root) {
            Some(mut v) => {
                while v != NONE {
                    let pv = self.parent[v];
                    let ppv = self.mate[pv];
                    self.mate[v] = pv;
                    self.mate[pv] = v;
                    v = ppv;
                }
                true
            }
            None => false,
        }
    }

    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.live.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..n {
                if !self.live[to] || !self.allowed[v][to] {
                    continue;
                }
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let current = self.lowest_common_ancestor(v, to);
                    self.blossom.fill(false);
                    self.mark_path(v, current, to);
                    self.mark_path(to, current, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
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
                    self.queue.push_back(next);
                }
            }
        }
        None
    }

    fn lowest_common_ancestor(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.live.len()];
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
        let mut allowed = vec![vec![false; n]; n];
        for &(a, b) in edges {
            allowed[a][b] = true;
            allowed[b][a] = true;
        }
        allowed
    }

    #[test]
    fn finds_a_perfect_matching_through_a_blossom() {
        // A triangle 0-1-2 with tails 2-3 and 0-4-5: the only perfect matching is 4-5, 2-3, 0-1.
        let mut m = Matcher::new(graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]));
        assert!(m.perfect());
        assert_eq!(m.mate(5), Some(4));
        assert_eq!(m.mate(3), Some(2));
        assert_eq!(m.mate(0), Some(1));
    }

    #[test]
    fn says_when_no_perfect_matching_exists() {
        // A star: the centre can take only one leaf.
        let mut m = Matcher::new(graph(4, &[(0, 1), (0, 2), (0, 3)]));
        assert!(!m.perfect());
        // Two triangles: odd components.
        let mut m = Matcher::new(graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]));
        assert!(!m.perfect());
    }

    #[test]
    fn pairs_two_vertices_only_when_the_rest_can_still_be_paired() {
        // A path 0-1-2-3: 1-2 would strand 0 and 3.
        let mut m = Matcher::new(graph(4, &[(0, 1), (1, 2), (2, 3)]));
        assert!(m.perfect());
        assert!(!m.pair_if_possible(1, 2));
        assert!(!m.pair_if_possible(0, 2));
        assert!(m.pair_if_possible(0, 1));
        assert_eq!(m.mate(2), Some(3));
        // A 4-cycle with a chord: any edge of the cycle leaves a pair.
        let mut m = Matcher::new(graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]));
        assert!(m.perfect());
        assert!(m.pair_if_possible(1, 2));
        assert_eq!(m.mate(0), Some(3));
    }
}
