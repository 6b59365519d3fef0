//! Maximum-weight matching in a general (non-bipartite) graph.
//!
//! Edmonds' blossom algorithm in the primal-dual form of Galil's survey
//! ("Efficient algorithms for finding maximum matching in graphs", ACM
//! Computing Surveys, 1986), organised as in Joris van Rantwijk's
//! well-known reference implementation: stages that each find one
//! augmenting path, labels S and T on top-level blossoms, least-slack
//! edges kept per vertex and per S-blossom so that each stage costs
//! `O(n²)` and the whole `O(n³)`. Vertex duals are stored doubled, so with
//! integer weights every quantity stays an integer.
//!
//! Weights are `i128` because the Swiss pairing packs its criteria into one
//! number, most important first (see `swiss.rs`).
//!
//! Why written here: the crates.io candidates did not fit — `mwmatching`
//! takes `i32` weights only (too narrow for packed criteria) and
//! `integer-blossom` needs Rust 1.87 while the workspace promises 1.85.
//! The tests check this implementation against brute force on thousands of
//! small random graphs.

/// An edge weight.
pub type Weight = i128;

const NONE: usize = usize::MAX;

/// The largest weight magnitude taken; larger ones are clamped, so that
/// the duals (at most a few times the largest weight) never overflow.
pub const WEIGHT_LIMIT: Weight = Weight::MAX >> 8;

/// The matching of maximum total weight: `mate[v]` is `v`'s partner, or
/// `None` where leaving `v` single is optimal. Edges with an endpoint out
/// of range or with both ends equal are ignored and weights beyond
/// ±[`WEIGHT_LIMIT`] clamped; give at most one edge per pair of vertices. Deterministic: the same input gives the same output.
///
/// ```
/// use tablero_tournament::matching::max_weight_matching;
/// // A path 0-1-2-3: the two end edges (5 + 5) beat the middle one (8).
/// let mate = max_weight_matching(4, &[(0, 1, 5), (1, 2, 8), (2, 3, 5)]);
/// assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
/// ```
pub fn max_weight_matching(
    vertices: usize,
    edges: &[(usize, usize, Weight)],
) -> Vec<Option<usize>> {
    let edges: Vec<(usize, usize, Weight)> = edges
        .iter()
        .copied()
        .filter(|&(i, j, _)| i != j && i < vertices && j < vertices)
        .map(|(i, j, w)| (i, j, w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT)))
        .collect();
    if edges.is_empty() {
        return vec![None; vertices];
    }
    let mut m = Matcher::new(vertices, edges);
    m.solve();
    (0..vertices)
        .map(|v| match m.mate[v] {
            NONE => None,
            p => Some(m.endpoint[p]),
        })
        .collect()
}

/// The algorithm's state. Vertices are `0..n`; non-trivial blossoms are
/// numbered `n..2n`. Edge `k` has endpoints `2k` and `2k + 1`, so `p ^ 1`
/// is the other end of the edge of endpoint `p`.
struct Matcher {
    n: usize,
    edges: Vec<(usize, usize, Weight)>,
    /// The vertex of each endpoint.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbend: Vec<Vec<usize>>,
    /// For each vertex, beside `neighbend`: the neighbour and the edge's
    /// weight, so that scanning a vertex reads memory in order.
    adjacent: Vec<Vec<(usize, Weight)>>,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<usize>,
    /// For each top-level blossom: 0 free, 1 S, 2 T (5 marks a breadcrumb
    /// while scanning). For a vertex inside a T-blossom, 2 when it is
    /// reachable from an S-vertex outside.
    label: Vec<i8>,
    /// The remote endpoint of the edge through which the label came.
    labelend: Vec<usize>,
    /// The top-level blossom of each vertex.
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    /// The sub-blossoms of a blossom, from its base round the cycle.
    blossomchilds: Vec<Vec<usize>>,
    /// The base vertex of each blossom.
    blossombase: Vec<usize>,
    /// `blossomendps[b][i]` is the endpoint of `blossomchilds[b][i]` on the
    /// edge to the next sub-blossom.
    blossomendps: Vec<Vec<usize>>,
    /// Least-slack edge to an S-vertex (free vertices) or to another
    /// S-blossom (S-blossoms).
    bestedge: Vec<usize>,
    /// For a non-trivial S-blossom, its least-slack edges to neighbouring
    /// S-blossoms.
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    /// Twice the dual of each vertex; the dual of each blossom.
    dualvar: Vec<Weight>,
    /// Edges known to have zero slack.
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

/// `list[j]` with a negative `j` counting from the end, as the walks round
/// a blossom need.
fn at(list: &[usize], j: isize) -> usize {
    let len = list.len() as isize;
    list[(((j % len) + len) % len) as usize]
}

impl Matcher {
    fn new(n: usize, edges: Vec<(usize, usize, Weight)>) -> Matcher {
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        let mut adjacent = vec![Vec::new(); n];
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
            adjacent[i].push((j, w));
            adjacent[j].push((i, w));
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let nedge = edges.len();
        Matcher {
            n,
            edges,
            endpoint,
            neighbend,
            adjacent,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; nedge],
            queue: Vec::new(),
        }
    }

    /// Twice the slack of edge `k` (not valid inside blossoms).
    fn slack(&self, k: usize) -> Weight {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    /// The vertices of blossom `b`, in order round its sub-blossoms.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    /// Label the top-level blossom of `w` with `t`, reached through the edge
    /// of remote endpoint `p`; a T-blossom's mate becomes S.
    fn assign_label(&mut self, w: usize, t: i8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let m = self.mate[base];
            self.assign_label(self.endpoint[m], 1, m ^ 1);
        }
    }

    /// Trace back from `v` and `w`: the base of a new blossom, or `NONE`
    /// when the two paths end at different single vertices (an augmenting
    /// path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// Make a new S-blossom from the two S-vertices joined by edge `k`,
    /// whose paths meet at `base`.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for v in self.leaves_of(&path) {
            if self.label[self.inblossom[v]] == 2 {
                // A T-vertex inside a new S-blossom becomes S.
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // The least-slack edges from the new blossom to each other S-blossom.
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<usize> = match self.blossombestedges[sub].take() {
                Some(list) => list,
                None => self
                    .leaves(sub)
                    .iter()
                    .flat_map(|&v| self.neighbend[v].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in lists {
                let (mut i, mut j, _) = self.edges[k];
                if self.inblossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == 1
                    && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                {
                    bestedgeto[bj] = k;
                }
            }
            self.bestedge[sub] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.bestedge[b] = best;
        self.blossombestedges[b] = Some(list);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn leaves_of(&self, subs: &[usize]) -> Vec<usize> {
        subs.iter().flat_map(|&s| self.leaves(s)).collect()
    }

    /// Dissolve top-level blossom `b` into its sub-blossoms; during a stage
    /// a T-blossom's sub-blossoms on the path from its entry to its base are
    /// relabelled.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            self.relabel_expanded_t(b, &childs);
        }
        self.label[b] = -1;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn relabel_expanded_t(&mut self, b: usize, childs: &[usize]) {
        let endps = self.blossomendps[b].clone();
        let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
        let Some(start) = childs.iter().position(|&c| c == entrychild) else {
            return;
        };
        let mut j = start as isize;
        // Go round the blossom the even way from the entry to the base.
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= childs.len() as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        let mut p = self.labelend[b];
        while j != 0 {
            // Relabel the T-sub-blossom.
            self.label[self.endpoint[p ^ 1]] = 0;
            let q = at(&endps, j - endptrick as isize) ^ endptrick ^ 1;
            self.label[self.endpoint[q]] = 0;
            self.assign_label(self.endpoint[p ^ 1], 2, p);
            // Step to the next S-sub-blossom and note its forward endpoint.
            self.allowedge[at(&endps, j - endptrick as isize) / 2] = true;
            j += jstep;
            p = at(&endps, j - endptrick as isize) ^ endptrick;
            // Step to the next T-sub-blossom.
            self.allowedge[p / 2] = true;
            j += jstep;
        }
        // The base sub-blossom becomes T without relabelling its mate.
        let bv = at(childs, j);
        self.label[self.endpoint[p ^ 1]] = 2;
        self.label[bv] = 2;
        self.labelend[self.endpoint[p ^ 1]] = p;
        self.labelend[bv] = p;
        self.bestedge[bv] = NONE;
        // The other sub-blossoms become T where an S-vertex outside reaches
        // one of their vertices.
        j += jstep;
        while at(childs, j) != entrychild {
            let bv = at(childs, j);
            if self.label[bv] == 1 {
                j += jstep;
                continue;
            }
            let reached = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0);
            if let Some(v) = reached {
                self.label[v] = 0;
                let m = self.mate[self.blossombase[bv]];
                self.label[self.endpoint[m]] = 0;
                self.assign_label(v, 2, self.labelend[v]);
            }
            j += jstep;
        }
    }

    /// Swap matched and unmatched edges along the path inside blossom `b`
    /// from vertex `v` to the base, making `v` the new base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let Some(i) = childs.iter().position(|&c| c == t) else {
            return;
        };
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= childs.len() as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = at(&childs, j);
            let p = at(&endps, j - endptrick as isize) ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = at(&childs, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    /// Augment the matching along the path through edge `k`, which joins
    /// two S-vertices of different trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Grow the trees from S-vertex `v`'s edges. True when the matching was
    /// augmented.
    fn scan_vertex(&mut self, v: usize) -> bool {
        for idx in 0..self.neighbend[v].len() {
            let p = self.neighbend[v][idx];
            let k = p / 2;
            let (w, weight) = self.adjacent[v][idx];
            if self.inblossom[v] == self.inblossom[w] {
                continue;
            }
            let mut kslack = 0;
            if !self.allowedge[k] {
                kslack = self.dualvar[v] + self.dualvar[w] - 2 * weight;
                if kslack <= 0 {
                    self.allowedge[k] = true;
                }
            }
            if self.allowedge[k] {
                if self.label[self.inblossom[w]] == 0 {
                    self.assign_label(w, 2, p ^ 1);
                } else if self.label[self.inblossom[w]] == 1 {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, k);
                    } else {
                        self.augment_matching(k);
                        return true;
                    }
                } else if self.label[w] == 0 {
                    // Inside a T-blossom, not yet reached from outside.
                    self.label[w] = 2;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[self.inblossom[w]] == 1 {
                let b = self.inblossom[v];
                if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                    self.bestedge[b] = k;
                }
            } else if self.label[w] == 0
                && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
            {
                self.bestedge[w] = k;
            }
        }
        false
    }

    fn solve(&mut self) {
        for _stage in 0..self.n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in self.n..2 * self.n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..self.n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            if !self.run_stage() {
                break;
            }
            // Expand the S-blossoms whose dual fell to zero.
            for b in self.n..2 * self.n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// One stage: substages of growing trees and adjusting duals until an
    /// augmenting path is found (true) or the optimum is reached (false).
    fn run_stage(&mut self) -> bool {
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan_vertex(v) {
                    return true;
                }
            }
            match self.dual_step() {
                Delta::Optimum => return false,
                Delta::Edge(i) => self.queue.push(i),
                Delta::Expand(b) => self.expand_blossom(b, false),
            }
        }
    }

    /// Compute the largest dual change that keeps every slack non-negative,
    /// apply it, and say what became possible.
    fn dual_step(&mut self) -> Delta {
        let n = self.n;
        // delta1: the least vertex dual (then the optimum is reached).
        let mut delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
        let mut kind = 1;
        let mut edge = NONE;
        let mut blossom = NONE;
        // delta2: least slack from a free vertex to an S-vertex.
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.slack(self.bestedge[v]);
                if d < delta {
                    delta = d;
                    kind = 2;
                    edge = self.bestedge[v];
                }
            }
        }
        // delta3: half the least slack between two S-blossoms.
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.slack(self.bestedge[b]) / 2;
                if d < delta {
                    delta = d;
                    kind = 3;
                    edge = self.bestedge[b];
                }
            }
        }
        // delta4: the least dual of a T-blossom.
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && self.dualvar[b] < delta
            {
                delta = self.dualvar[b];
                kind = 4;
                blossom = b;
            }
        }
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v] -= delta,
                2 => self.dualvar[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] += delta,
                    2 => self.dualvar[b] -= delta,
                    _ => {}
                }
            }
        }
        match kind {
            2 => {
                self.allowedge[edge] = true;
                let (i, j, _) = self.edges[edge];
                let s = if self.label[self.inblossom[i]] == 0 {
                    j
                } else {
                    i
                };
                Delta::Edge(s)
            }
            3 => {
                self.allowedge[edge] = true;
                Delta::Edge(self.edges[edge].0)
            }
            4 => Delta::Expand(blossom),
            _ => Delta::Optimum,
        }
    }
}

enum Delta {
    Optimum,
    /// Scan again from this S-vertex: one of its edges became tight.
    Edge(usize),
    Expand(usize),
}
