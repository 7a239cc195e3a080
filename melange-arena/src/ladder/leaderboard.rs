//! The ladder's ratings and its leaderboard, per kind of game: a bot's War
//! for Arrakis rating says nothing of its Imperium, so each kind has its
//! own [`Book`], and its own table in `leaderboard.md` and
//! `leaderboard.json`, rewritten (atomically) after every game.
//!
//! The rating is Weng-Lin ([`crate::rating`]) for every kind: it
//! rates a whole finishing order at once (3-4 player Imperium) and says
//! how sure it is. The leaderboard ranks by its conservative value, mean
//! minus three uncertainties, so that a newcomer lucky in its first games
//! does not top the ladder before it has shown it; the pairing uses the
//! mean, the best guess of a bot's strength. Two-seat kinds show Elo too.
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::Serialize;

use super::{
    pairing::{Candidate, Met},
    record::GameLine,
    state::write_atomic,
};
use crate::rating::Ratings;

/// What a bot has done in one kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Stats {
    games: u32,
    wins: u32,
    stand_ins: u32,
    failures: u32,
    seat_games: Vec<u32>,
}

/// The ratings and records of one kind of game.
#[derive(Clone, Debug)]
pub struct Book {
    /// The kind's name.
    pub name: String,
    /// The leaderboard's heading.
    pub title: String,
    /// Seats a game.
    pub seats: usize,
    labels: Vec<String>,
    index: HashMap<String, usize>,
    ratings: Ratings,
    stats: Vec<Stats>,
    met: HashMap<(usize, usize), Met>,
}

impl Book {
    /// A kind no game has been played in.
    pub fn new(name: &str, title: &str, seats: usize) -> Book {
        Book {
            name: name.to_owned(),
            title: title.to_owned(),
            seats,
            labels: Vec::new(),
            index: HashMap::new(),
            ratings: Ratings::new(0),
            stats: Vec::new(),
            met: HashMap::new(),
        }
    }

    /// The number of `label`'s bot in this book, added if new.
    pub fn entrant(&mut self, label: &str) -> usize {
        if let Some(&index) = self.index.get(label) {
            return index;
        }
        let index = self.ratings.add_entrant();
        self.labels.push(label.to_owned());
        self.index.insert(label.to_owned(), index);
        self.stats.push(Stats {
            seat_games: vec![0; self.seats],
            ..Stats::default()
        });
        index
    }

    /// Records a game of the log: ratings, counts and meetings. A failed
    /// game is counted against its seats as a failure and not rated.
    pub fn record(&mut self, game: &GameLine) {
        let seats: Vec<usize> = game.seats.iter().map(|l| self.entrant(l)).collect();
        if game.failure.is_some() || game.places.len() != seats.len() {
            for &entrant in &seats {
                self.stats[entrant].failures += 1;
            }
            return;
        }
        self.ratings.record(&seats, &game.places);
        for (seat, (&entrant, &place)) in seats.iter().zip(&game.places).enumerate() {
            let stats = &mut self.stats[entrant];
            stats.games += 1;
            stats.wins += u32::from(place == 1);
            if stats.seat_games.len() <= seat {
                stats.seat_games.resize(seat + 1, 0);
            }
            stats.seat_games[seat] += 1;
        }
        for stood_in in &game.stand_ins {
            if let Some(&entrant) = seats.get(stood_in.seat) {
                self.stats[entrant].stand_ins += 1;
            }
        }
        for &a in &seats {
            for &b in &seats {
                if a != b {
                    let met = self.met.entry((a, b)).or_default();
                    met.count += 1;
                    met.last = Some(met.last.map_or(game.game, |last| last.max(game.game)));
                }
            }
        }
    }

    /// `label` as a candidate for a table, with `busy` games in flight.
    pub fn candidate(&mut self, label: &str, busy: u32) -> Candidate {
        let index = self.entrant(label);
        let (rating, _) = self.ratings.weng_lin(index);
        let stats = &self.stats[index];
        Candidate {
            rating,
            games: stats.games,
            busy,
            seat_games: stats.seat_games.clone(),
        }
    }

    /// How often two bots met in this kind.
    pub fn met(&self, a: &str, b: &str) -> Met {
        match (self.index.get(a), self.index.get(b)) {
            (Some(&a), Some(&b)) => self.met.get(&(a, b)).copied().unwrap_or_default(),
            _ => Met::default(),
        }
    }

    /// The kind's leaderboard; `status` says whether a label is still
    /// registered (`active`), `retired` or `refused: why`.
    pub fn board(&self, status: &dyn Fn(&str) -> String) -> KindBoard {
        let two_seats = self.seats == 2;
        let mut lines: Vec<Line> = self
            .labels
            .iter()
            .enumerate()
            .map(|(index, label)| {
                let (mean, uncertainty) = self.ratings.weng_lin(index);
                let stats = &self.stats[index];
                Line {
                    rank: 0,
                    bot: label.clone(),
                    rating: round(self.ratings.weng_lin_conservative(index)),
                    mean: round(mean),
                    uncertainty: round(uncertainty),
                    elo: two_seats.then(|| round(self.ratings.elo(index))),
                    games: stats.games,
                    wins: stats.wins,
                    stand_ins: stats.stand_ins,
                    failures: stats.failures,
                    status: status(label),
                }
            })
            .collect();
        lines.sort_by(|a, b| {
            b.rating
                .total_cmp(&a.rating)
                .then(b.games.cmp(&a.games))
                .then(a.bot.cmp(&b.bot))
        });
        for (rank, line) in lines.iter_mut().enumerate() {
            line.rank = rank + 1;
        }
        KindBoard {
            game: self.name.clone(),
            title: self.title.clone(),
            games: self.stats.iter().map(|s| u64::from(s.games)).sum::<u64>() / self.seats as u64,
            lines,
        }
    }
}

/// Two decimals: the files stay readable and stable.
fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// One bot's line of a kind's leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// 1 for the highest rating.
    pub rank: usize,
    /// The bot's label.
    pub bot: String,
    /// Weng-Lin's conservative value, mean minus 3 uncertainties: the
    /// ranking.
    pub rating: f64,
    /// Weng-Lin's mean (25 at the start).
    pub mean: f64,
    /// Weng-Lin's uncertainty (25/3 at the start).
    pub uncertainty: f64,
    /// Elo, for two-seat kinds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elo: Option<f64>,
    /// Games played to their end (rated).
    pub games: u32,
    /// Games finished first (a shared first place counts).
    pub wins: u32,
    /// Actions the server played for it (clock run out, bot failed).
    pub stand_ins: u32,
    /// Its games that could not be played to their end (not rated).
    pub failures: u32,
    /// `active`, `retired` or `refused: why`.
    pub status: String,
}

/// One kind's leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindBoard {
    /// The kind's name.
    pub game: String,
    /// Its heading.
    pub title: String,
    /// Games rated.
    pub games: u64,
    /// Best first.
    pub lines: Vec<Line>,
}

/// The whole leaderboard, as `leaderboard.json` has it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leaderboard {
    /// Games logged, failed ones included.
    pub games_logged: u64,
    /// Games in flight now.
    pub in_flight: usize,
    /// Each kind's board, in the order of `--games` (kinds no longer
    /// played after them).
    pub kinds: Vec<KindBoard>,
    /// Bots registered but refused, and why (an unknown built-in name, a
    /// program that is not there, a failed trial decision).
    pub refused: BTreeMap<String, String>,
}

impl Leaderboard {
    /// The Markdown of `leaderboard.md`.
    pub fn markdown(&self) -> String {
        let mut text = format!(
            "# Ladder\n\n{} game(s) logged, {} in flight.\n",
            self.games_logged, self.in_flight
        );
        for kind in &self.kinds {
            let elo = kind.lines.iter().any(|line| line.elo.is_some());
            text.push_str(&format!(
                "\n## {}\n\n{} game(s) rated.\n\n| rank | bot | rating | mean ± uncertainty |{} games | wins | stand-ins | failures | status |\n|---:|---|---:|---:|{}---:|---:|---:|---:|---|\n",
                kind.title,
                kind.games,
                if elo { " Elo |" } else { "" },
                if elo { "---:|" } else { "" },
            ));
            for line in &kind.lines {
                text.push_str(&format!(
                    "| {} | {} | {:.2} | {:.2} ± {:.2} |{} {} | {} | {} | {} | {} |\n",
                    line.rank,
                    line.bot,
                    line.rating,
                    line.mean,
                    line.uncertainty,
                    line.elo.map(|e| format!(" {e:.0} |")).unwrap_or_default(),
                    line.games,
                    line.wins,
                    line.stand_ins,
                    line.failures,
                    line.status,
                ));
            }
        }
        if !self.refused.is_empty() {
            text.push_str("\n## Refused\n\n");
            for (bot, why) in &self.refused {
                text.push_str(&format!("- {bot}: {why}\n"));
            }
        }
        text
    }

    /// Writes `leaderboard.md` and `leaderboard.json` into `out`, each in
    /// one step.
    pub fn write(&self, out: &Path) -> Result<(), String> {
        write_atomic(
            &out.join("leaderboard.md"),
            self.markdown().as_bytes(),
            false,
        )?;
        let json = serde_json::to_string_pretty(self).map_err(|error| error.to_string())?;
        write_atomic(
            &out.join("leaderboard.json"),
            (json + "\n").as_bytes(),
            false,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: u64, seats: &[&str], places: &[usize]) -> GameLine {
        GameLine {
            game: number,
            kind: "k".into(),
            seats: seats.iter().map(|s| s.to_string()).collect(),
            seed: 0,
            game_id: None,
            places: places.to_vec(),
            reason: String::new(),
            actions: 1,
            stand_ins: Vec::new(),
            failure: None,
            replay: None,
        }
    }

    #[test]
    fn a_book_rates_counts_and_ranks() {
        let mut book = Book::new("k", "Kind", 2);
        book.record(&game(0, &["a", "b"], &[1, 2]));
        book.record(&game(1, &["b", "a"], &[2, 1]));
        book.record(&GameLine {
            failure: Some("lost".into()),
            ..game(2, &["a", "c"], &[])
        });
        let board = book.board(&|label| if label == "c" { "retired" } else { "active" }.to_owned());
        assert_eq!(board.games, 2);
        assert_eq!(board.lines[0].bot, "a");
        assert_eq!(board.lines[0].wins, 2);
        assert_eq!(board.lines[0].failures, 1);
        assert!(board.lines[0].elo.unwrap() > 1000.0);
        let c = board.lines.iter().find(|l| l.bot == "c").unwrap();
        assert_eq!((c.games, c.failures, c.status.as_str()), (0, 1, "retired"));
        assert_eq!(book.met("a", "b").count, 2);
        assert_eq!(book.met("a", "b").last, Some(1));
        assert_eq!(book.met("a", "c").count, 0, "a failed game is no meeting");
        let candidate = book.candidate("b", 1);
        assert_eq!((candidate.games, candidate.busy), (2, 1));
        assert_eq!(candidate.seat_games, vec![1, 1]);
        let markdown = Leaderboard {
            games_logged: 3,
            in_flight: 0,
            kinds: vec![board],
            refused: BTreeMap::from([("x".into(), "unknown bot".into())]),
        }
        .markdown();
        assert!(markdown.contains("| 1 | a |"), "{markdown}");
        assert!(markdown.contains("- x: unknown bot"), "{markdown}");
    }
}
