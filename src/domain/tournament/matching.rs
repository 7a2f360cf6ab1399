//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm with the
//! primal-dual method (Galil 1986), in the O(n³) dense form: edges are kept in an
//! adjacency matrix and blossoms get indices `n+1..`. Vertices are 1-based inside;
//! the public function takes and returns 0-based vertices.
//!
//! Integer weights only (so the duals stay exact); a weight of 0 means "no edge".

use std::collections::VecDeque;

#[derive(Debug, Clone, Copy, Default)]
struct Edge {
    u: u32,
    v: u32,
    w: i64,
}

/// The largest edge weight [`max_weight_matching`] accepts (the duals need a few more
/// bits of headroom).
pub const MAX_WEIGHT: i64 = 1 << 60;

/// A maximum-weight matching of the graph with `n` vertices whose edge weights are
/// `weight(u, v)` (0-based, symmetric; 0 or less = no edge; capped at [`MAX_WEIGHT`]).
/// Returns, for each vertex, its mate. The result depends only on the inputs.
pub fn max_weight_matching(n: usize, weight: impl Fn(usize, usize) -> i64) -> Vec<Option<usize>> {
    if n < 2 {
        return vec![None; n];
    }
    let mut b = Blossom::new(n);
    let mut w_max = 0;
    for u in 1..=n {
        for v in 1..=n {
            let w = if u == v {
                0
            } else {
                weight(u - 1, v - 1).clamp(0, MAX_WEIGHT)
            };
            let i = b.at(u, v);
            b.g[i] = Edge {
                u: u as u32,
                v: v as u32,
                w,
            };
            w_max = w_max.max(w);
        }
    }
    b.run(w_max);
    (1..=n)
        .map(|u| {
            let m = b.mate[u];
            (m != 0).then(|| m - 1)
        })
        .collect()
}

struct Blossom {
    n: usize,
    nx: usize,
    cap: usize,
    g: Vec<Edge>,
    lab: Vec<i64>,
    mate: Vec<usize>,
    slack: Vec<usize>,
    st: Vec<usize>,
    pa: Vec<usize>,
    flower_from: Vec<usize>,
    label: Vec<i8>,
    vis: Vec<u32>,
    timer: u32,
    flower: Vec<Vec<usize>>,
    q: VecDeque<usize>,
}

impl Blossom {
    fn new(n: usize) -> Blossom {
        let cap = 2 * n + 2;
        Blossom {
            n,
            nx: n,
            cap,
            g: vec![Edge::default(); cap * cap],
            lab: vec![0; cap],
            mate: vec![0; cap],
            slack: vec![0; cap],
            st: vec![0; cap],
            pa: vec![0; cap],
            flower_from: vec![0; cap * (n + 1)],
            label: vec![-1; cap],
            vis: vec![0; cap],
            timer: 0,
            flower: vec![Vec::new(); cap],
            q: VecDeque::new(),
        }
    }

    #[inline]
    fn at(&self, u: usize, v: usize) -> usize {
        u * self.cap + v
    }

    #[inline]
    fn edge(&self, u: usize, v: usize) -> Edge {
        self.g[u * self.cap + v]
    }

    #[inline]
    fn ff(&self, b: usize, x: usize) -> usize {
        b * (self.n + 1) + x
    }

    #[inline]
    fn delta(&self, e: Edge) -> i64 {
        self.lab[e.u as usize] + self.lab[e.v as usize] - e.w * 2
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        let s = self.slack[x];
        if s == 0 || self.delta(self.edge(u, x)) < self.delta(self.edge(s, x)) {
            self.slack[x] = u;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.edge(u, x).w > 0 && self.st[u] != x && self.label[self.st[u]] == 0 {
                self.update_slack(u, x);
            }
        }
    }

    fn q_push(&mut self, x: usize) {
        if x <= self.n {
            self.q.push_back(x);
        } else {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.q_push(c);
            }
        }
    }

    fn set_st(&mut self, x: usize, b: usize) {
        self.st[x] = b;
        if x > self.n {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.set_st(c, b);
            }
        }
    }

    fn get_pr(&mut self, b: usize, xr: usize) -> usize {
        let pr = self.flower[b].iter().position(|&x| x == xr).unwrap_or(0);
        if pr % 2 == 1 {
            self.flower[b][1..].reverse();
            self.flower[b].len() - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: usize, v: usize) {
        let e = self.edge(u, v);
        self.mate[u] = e.v as usize;
        if u > self.n {
            let xr = self.flower_from[self.ff(u, e.u as usize)];
            let pr = self.get_pr(u, xr);
            for i in 0..pr {
                let (a, c) = (self.flower[u][i], self.flower[u][i ^ 1]);
                self.set_match(a, c);
            }
            self.set_match(xr, v);
            self.flower[u].rotate_left(pr);
        }
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let xnv = self.st[self.mate[u]];
            self.set_match(u, v);
            if xnv == 0 {
                return;
            }
            let t = self.st[self.pa[xnv]];
            self.set_match(xnv, t);
            u = t;
            v = xnv;
        }
    }

    fn get_lca(&mut self, mut u: usize, mut v: usize) -> usize {
        self.timer += 1;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.vis[u] == self.timer {
                    return u;
                }
                self.vis[u] = self.timer;
                u = self.st[self.mate[u]];
                if u != 0 {
                    u = self.st[self.pa[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    /// Adds to `fl` the vertices from `x` up to `lca`, each with its mate, queueing the
    /// mates.
    fn push_blossom_path(&mut self, fl: &mut Vec<usize>, mut x: usize, lca: usize) {
        while x != lca {
            fl.push(x);
            let y = self.st[self.mate[x]];
            fl.push(y);
            self.q_push(y);
            x = self.st[self.pa[y]];
        }
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.nx && self.st[b] != 0 {
            b += 1;
        }
        if b > self.nx {
            self.nx += 1;
        }
        self.lab[b] = 0;
        self.label[b] = 0;
        self.mate[b] = self.mate[lca];
        let mut fl = std::mem::take(&mut self.flower[b]);
        fl.clear();
        fl.push(lca);
        self.push_blossom_path(&mut fl, u, lca);
        fl[1..].reverse();
        self.push_blossom_path(&mut fl, v, lca);
        self.flower[b] = fl;
        self.set_st(b, b);
        for x in 1..=self.nx {
            let (i, j) = (self.at(b, x), self.at(x, b));
            self.g[i].w = 0;
            self.g[j].w = 0;
        }
        for x in 1..=self.n {
            let i = self.ff(b, x);
            self.flower_from[i] = 0;
        }
        for i in 0..self.flower[b].len() {
            let xs = self.flower[b][i];
            for x in 1..=self.nx {
                let bx = self.edge(b, x);
                let sx = self.edge(xs, x);
                if bx.w == 0 || self.delta(sx) < self.delta(bx) {
                    let (ib, ix) = (self.at(b, x), self.at(x, b));
                    self.g[ib] = sx;
                    self.g[ix] = self.edge(x, xs);
                }
            }
            for x in 1..=self.n {
                if self.flower_from[self.ff(xs, x)] != 0 {
                    let i = self.ff(b, x);
                    self.flower_from[i] = xs;
                }
            }
        }
        self.set_slack(b);
    }

    fn expand_blossom(&mut self, b: usize) {
        for i in 0..self.flower[b].len() {
            let c = self.flower[b][i];
            self.set_st(c, c);
        }
        let xr = self.flower_from[self.ff(b, self.edge(b, self.pa[b]).u as usize)];
        let pr = self.get_pr(b, xr);
        let mut i = 0;
        while i < pr {
            let xs = self.flower[b][i];
            let xns = self.flower[b][i + 1];
            self.pa[xs] = self.edge(xns, xs).u as usize;
            self.label[xs] = 1;
            self.label[xns] = 0;
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.q_push(xns);
            i += 2;
        }
        self.label[xr] = 1;
        self.pa[xr] = self.pa[b];
        for i in pr + 1..self.flower[b].len() {
            let xs = self.flower[b][i];
            self.label[xs] = -1;
            self.set_slack(xs);
        }
        self.st[b] = 0;
    }

    fn on_found_edge(&mut self, e: Edge) -> bool {
        let u = self.st[e.u as usize];
        let v = self.st[e.v as usize];
        if self.label[v] == -1 {
            self.pa[v] = e.u as usize;
            self.label[v] = 1;
            let nu = self.st[self.mate[v]];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.label[nu] = 0;
            self.q_push(nu);
        } else if self.label[v] == 0 {
            let lca = self.get_lca(u, v);
            if lca == 0 {
                self.augment(u, v);
                self.augment(v, u);
                return true;
            }
            self.add_blossom(u, lca, v);
        }
        false
    }

    /// One augmentation stage; false when no augmenting path improves the weight.
    fn stage(&mut self) -> bool {
        let (n, nx) = (self.n, self.nx);
        for x in 1..=nx {
            self.label[x] = -1;
            self.slack[x] = 0;
        }
        self.q.clear();
        for x in 1..=nx {
            if self.st[x] == x && self.mate[x] == 0 {
                self.pa[x] = 0;
                self.label[x] = 0;
                self.q_push(x);
            }
        }
        if self.q.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.q.pop_front() {
                if self.label[self.st[u]] == 1 {
                    continue;
                }
                for v in 1..=n {
                    let e = self.edge(u, v);
                    if e.w > 0 && self.st[u] != self.st[v] {
                        if self.delta(e) == 0 {
                            if self.on_found_edge(e) {
                                return true;
                            }
                        } else {
                            let sv = self.st[v];
                            self.update_slack(u, sv);
                        }
                    }
                }
            }
            let nx = self.nx;
            let mut d = i64::MAX;
            for b in n + 1..=nx {
                if self.st[b] == b && self.label[b] == 1 {
                    d = d.min(self.lab[b] / 2);
                }
            }
            for x in 1..=nx {
                let s = self.slack[x];
                if self.st[x] == x && s != 0 {
                    let dl = self.delta(self.edge(s, x));
                    if self.label[x] == -1 {
                        d = d.min(dl);
                    } else if self.label[x] == 0 {
                        d = d.min(dl / 2);
                    }
                }
            }
            // A free vertex's dual reaching zero ends the search (no gain left).
            if (1..=n).any(|u| self.label[self.st[u]] == 0 && self.lab[u] <= d) {
                return false;
            }
            for u in 1..=n {
                match self.label[self.st[u]] {
                    0 => self.lab[u] -= d,
                    1 => self.lab[u] += d,
                    _ => {}
                }
            }
            for b in n + 1..=nx {
                if self.st[b] == b {
                    match self.label[b] {
                        0 => self.lab[b] += d * 2,
                        1 => self.lab[b] -= d * 2,
                        _ => {}
                    }
                }
            }
            self.q.clear();
            for x in 1..=nx {
                let s = self.slack[x];
                if self.st[x] == x && s != 0 && self.st[s] != x {
                    let e = self.edge(s, x);
                    if self.delta(e) == 0 && self.on_found_edge(e) {
                        return true;
                    }
                }
            }
            for b in n + 1..=self.nx {
                if self.st[b] == b && self.label[b] == 1 && self.lab[b] == 0 {
                    self.expand_blossom(b);
                }
            }
        }
    }

    fn run(&mut self, w_max: i64) {
        let n = self.n;
        for u in 0..=n {
            self.st[u] = u;
        }
        for u in 1..=n {
            let i = self.ff(u, u);
            self.flower_from[i] = u;
            self.lab[u] = w_max;
        }
        // At most n/2 augmentations; the bound also guards against any logic slip.
        for _ in 0..=n {
            if !self.stage() {
                break;
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::type_complexity)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute(n: usize, w: &[i64], used: &mut Vec<bool>, from: usize) -> i64 {
        let Some(u) = (from..n).find(|&u| !used[u]) else {
            return 0;
        };
        used[u] = true;
        // u left unmatched
        let mut best = brute(n, w, used, u + 1);
        for v in u + 1..n {
            if !used[v] && w[u * n + v] > 0 {
                used[v] = true;
                best = best.max(w[u * n + v] + brute(n, w, used, u + 1));
                used[v] = false;
            }
        }
        used[u] = false;
        best
    }

    fn check(n: usize, w: &[i64]) {
        let m = max_weight_matching(n, |u, v| w[u * n + v]);
        let mut total = 0;
        for u in 0..n {
            if let Some(v) = m[u] {
                assert_eq!(m[v], Some(u), "matching is symmetric");
                assert!(w[u * n + v] > 0, "only existing edges are used");
                if u < v {
                    total += w[u * n + v];
                }
            }
        }
        assert_eq!(total, brute(n, w, &mut vec![false; n], 0), "weights {w:?}");
    }

    fn sym(n: usize, raw: &[i64]) -> Vec<i64> {
        let mut w = vec![0; n * n];
        let mut k = 0;
        for u in 0..n {
            for v in u + 1..n {
                w[u * n + v] = raw[k];
                w[v * n + u] = raw[k];
                k += 1;
            }
        }
        w
    }

    #[test]
    fn a_triangle_with_a_pendant_takes_the_best_two_edges() {
        // 0-1 (5), 1-2 (5), 0-2 (5), 2-3 (1): best is 0-1 + 2-3 = 6.
        let mut w = vec![0; 16];
        for (u, v, x) in [(0, 1, 5), (1, 2, 5), (0, 2, 5), (2, 3, 1)] {
            w[u * 4 + v] = x;
            w[v * 4 + u] = x;
        }
        check(4, &w);
    }

    #[test]
    fn nested_blossoms_are_handled() {
        // Van Rantwijk's classic test cases (nested S-blossom, relabel, expand).
        let cases: &[(usize, &[(usize, usize, i64)])] = &[
            (
                6,
                &[
                    (1, 2, 9),
                    (1, 3, 9),
                    (2, 3, 10),
                    (2, 4, 8),
                    (3, 5, 8),
                    (4, 5, 10),
                    (5, 6, 6),
                ],
            ),
            (
                8,
                &[
                    (1, 2, 23),
                    (1, 5, 22),
                    (1, 6, 15),
                    (2, 3, 25),
                    (3, 4, 22),
                    (4, 5, 25),
                    (4, 8, 14),
                    (5, 7, 13),
                ],
            ),
            (
                10,
                &[
                    (1, 2, 45),
                    (1, 5, 45),
                    (2, 3, 50),
                    (3, 4, 45),
                    (4, 5, 50),
                    (1, 6, 30),
                    (3, 9, 35),
                    (4, 8, 35),
                    (5, 7, 26),
                    (9, 10, 5),
                ],
            ),
        ];
        for (n, edges) in cases {
            let n = *n;
            let mut w = vec![0; n * n];
            for &(u, v, x) in *edges {
                w[(u - 1) * n + v - 1] = x;
                w[(v - 1) * n + u - 1] = x;
            }
            check(n, &w);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn the_matching_is_as_heavy_as_brute_force(
            n in 1usize..=9,
            raw in prop::collection::vec(prop_oneof![Just(0i64), 1i64..6, 1i64..1000], 36),
        ) {
            let w = sym(n, &raw);
            check(n, &w);
        }
    }
}
