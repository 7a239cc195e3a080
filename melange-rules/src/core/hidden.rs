//! The register of hidden state (MC-SIM-08): every piece of a game that
//! some seat cannot see, listed once, beside the game's sampler
//! (`determinize.rs`), with who cannot see it and how to read it.
//!
//! Why a register: a forward-model sample must redraw everything its seat
//! cannot see (MC-SIM-01), and the way that fails is quietly: a pool whose
//! real order survives in the sample, a card drawn but not yet chosen that
//! nobody thought to redraw. Each game lists its hidden pieces here, the
//! game's `hidden.rs` names every field of its state as either public or a
//! piece of this register (an exhaustive destructuring, so a new field
//! does not compile until someone decides), and [`leak_report`] checks
//! each piece statistically: samples drawn for a seat that cannot see it
//! must vary with the sampling seed and must not predict the truth better
//! than chance.
use super::Seat;

/// One piece of a game's hidden state.
pub struct HiddenPiece<G> {
    /// Its name, as the register, the tests and the docs call it.
    pub name: &'static str,
    /// Whether `seat` cannot see this piece in this position. A piece no
    /// seat sees (a deck's order, the game's generator) is hidden from
    /// every seat; a hand from every seat but its owner's.
    pub hidden_from: fn(&G, Seat) -> bool,
    /// What a seat would most like to predict of the piece, as one value:
    /// the next card or token of a pool, the contents of a hand or of the
    /// face-down tokens, the generator's next number. `None` when the
    /// piece is empty or absent in this position (no prediction to make).
    pub read: fn(&G) -> Option<Reading>,
}

// By hand, not derived: a derive would ask `G: Copy`, and a piece holds
// only its name and two function pointers whatever the game.
impl<G> Clone for HiddenPiece<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for HiddenPiece<G> {}

/// A piece read in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The value (a small value as it is, a collection hashed).
    pub value: u64,
    /// Whether more than one value is possible for a seat that cannot see
    /// the piece, judged from public facts only (a pool of two or more
    /// different items, a hand dealt from more cards than it holds): only
    /// then must samples vary.
    pub open: bool,
}

impl Reading {
    /// A reading of `value`, open when `open`.
    pub fn new(value: u64, open: bool) -> Reading {
        Reading { value, open }
    }

    /// The next item of a pool whose top is its last element; open when
    /// the pool holds two or more different items.
    pub fn top_of(pool: &[u64]) -> Option<Reading> {
        let top = *pool.last()?;
        let open = pool.iter().any(|x| *x != top);
        Some(Reading::new(top, open))
    }

    /// The items of `items` as a multiset (order ignored), open when
    /// `open`; `None` when there are none.
    pub fn multiset_of(items: &[u64], open: bool) -> Option<Reading> {
        if items.is_empty() {
            return None;
        }
        let mut v = items.to_vec();
        v.sort_unstable();
        Some(Reading::new(fingerprint(&v), open))
    }

    /// A sequence of values in its order (face-down tokens by area), open
    /// when `open`; `None` when it is empty.
    pub fn sequence_of(items: &[u64], open: bool) -> Option<Reading> {
        if items.is_empty() {
            return None;
        }
        Some(Reading::new(fingerprint(items), open))
    }
}

/// FNV-1a over the values: a stable fingerprint (the same on every build),
/// enough to tell two readings apart.
pub fn fingerprint(values: &[u64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// What [`leak_report`] found for one piece and one seat, over every
/// position where the seat could not see it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieceReport {
    /// The piece's name.
    pub name: &'static str,
    /// The seat the samples were drawn for.
    pub seat: u8,
    /// Positions where the piece was hidden from the seat and present.
    pub positions: usize,
    /// Of those, positions where more than one value was possible.
    pub open: usize,
    /// Of the open positions, those where the samples took two or more
    /// values.
    pub varied: usize,
    /// Samples whose reading equals the truth.
    pub hits: usize,
    /// Samples read.
    pub trials: usize,
    /// The hits chance alone would give: in each position, the share of
    /// pairs of samples that agree with each other (a sample that knew no
    /// more than the seat agrees with the truth as often as with another
    /// sample).
    pub expected: f64,
    /// The variance of the hits under chance.
    pub variance: f64,
}

impl PieceReport {
    /// A sentence on what is wrong, or `None` when the piece holds:
    /// samples vary in most open positions (a sample that keeps the truth
    /// never varies) and hit the truth no more often than chance allows
    /// (four standard deviations and 2% of the trials of slack, for the
    /// real games' own small biases: a random bot's past choices tell a
    /// little about the hand it kept).
    pub fn problem(&self) -> Option<String> {
        if self.open > 0 && self.varied * 2 < self.open {
            return Some(format!(
                "{} for seat {}: samples varied in only {} of {} positions where the piece \
                 could take more than one value (a sample keeps the truth)",
                self.name, self.seat, self.varied, self.open
            ));
        }
        let bound = self.expected + 4.0 * self.variance.sqrt() + 0.02 * self.trials as f64;
        if self.hits as f64 > bound {
            return Some(format!(
                "{} for seat {}: {} of {} samples showed the truth, chance gives {:.1} \
                 (bound {:.1})",
                self.name, self.seat, self.hits, self.trials, self.expected, bound
            ));
        }
        None
    }
}

/// MC-SIM-08: for every piece of `register` and every seat of `seats`,
/// draws `samples` samples of each position for the seat (sample `k` with
/// `sample(position, seat, k)`) and, for each piece the seat cannot see
/// there, compares their readings with the truth. Deterministic when
/// `sample` is. One report per piece and seat that was hidden somewhere.
pub fn leak_report<G>(
    register: &[HiddenPiece<G>],
    positions: &[G],
    seats: u8,
    samples: u64,
    sample: impl Fn(&G, Seat, u64) -> G,
) -> Vec<PieceReport> {
    let mut reports: Vec<PieceReport> = (0..seats)
        .flat_map(|s| {
            register.iter().map(move |piece| PieceReport {
                name: piece.name,
                seat: s,
                ..PieceReport::default()
            })
        })
        .collect();
    for g in positions {
        for s in 0..seats {
            let seat = Seat(s);
            let drawn: Vec<G> = (0..samples).map(|k| sample(g, seat, k)).collect();
            for (i, piece) in register.iter().enumerate() {
                if !(piece.hidden_from)(g, seat) {
                    continue;
                }
                let Some(truth) = (piece.read)(g) else {
                    continue;
                };
                let values: Vec<Option<u64>> = drawn
                    .iter()
                    .map(|x| (piece.read)(x).map(|r| r.value))
                    .collect();
                reports[usize::from(s) * register.len() + i].add(truth, &values);
            }
        }
    }
    reports.retain(|r| r.positions > 0);
    reports
}

impl PieceReport {
    /// Counts one position: the truth and the samples' readings.
    fn add(&mut self, truth: Reading, values: &[Option<u64>]) {
        self.positions += 1;
        if truth.open {
            self.open += 1;
            if values.iter().any(|v| *v != values[0]) {
                self.varied += 1;
            }
        }
        let n = values.len();
        self.trials += n;
        self.hits += values.iter().filter(|v| **v == Some(truth.value)).count();
        // Chance of agreeing with one more draw: per sample, the share of
        // the others that agree with it.
        let mut agree = 0usize;
        for (i, a) in values.iter().enumerate() {
            agree += values
                .iter()
                .enumerate()
                .filter(|(j, b)| *j != i && *b == a)
                .count();
        }
        let p = agree as f64 / (n * (n - 1).max(1)) as f64;
        self.expected += p * n as f64;
        self.variance += p * (1.0 - p) * n as f64;
    }
}
