//! The standings of a tournament and the files it writes: everything in
//! `standings.md`, `standings.json` and `games.csv` follows from the
//! tournament's seed and its bots (no time, no game id), so two runs of a
//! deterministic field write the same bytes; `run.json` holds what differs
//! from run to run.
use std::fmt::Write as _;

use serde::Serialize;

use super::{GameRecord, entrant::Entrant, rating::Ratings};

/// Points a seat earns in a game: one for each other seat it finished
/// ahead of and a half for each it tied with, divided by the number of
/// other seats. A two-player win is 1, a draw 0.5, a loss 0; in a
/// four-player game first to last earn 1, 2/3, 1/3, 0.
pub fn points(places: &[usize], seat: usize) -> f64 {
    let others = places.len().saturating_sub(1);
    if others == 0 {
        return 0.0;
    }
    let mine = places[seat];
    let score: f64 = places
        .iter()
        .enumerate()
        .filter(|&(other, _)| other != seat)
        .map(|(_, &place)| match mine.cmp(&place) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        })
        .sum();
    score / others as f64
}

/// A round an entrant sat out (Swiss, when the entrants do not fill the
/// tables). It stands for the games the entrant would have played that
/// round and is worth half their points, so that sitting out neither
/// helps nor hurts on average, and the score (points per game) stays
/// within 0-100%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bye {
    /// Who sat out.
    pub entrant: usize,
    /// How many games the round gave each seated entrant.
    pub games: u32,
}

impl Bye {
    /// Half the points of the games it stands for.
    pub fn points(self) -> f64 {
        0.5 * f64::from(self.games)
    }
}

/// Each entrant's points so far (games in `records` and byes), for Swiss
/// pairings.
pub fn entrant_points(entrants: usize, records: &[GameRecord], byes: &[Bye]) -> Vec<f64> {
    let mut total = vec![0.0; entrants];
    for record in records {
        if let Ok(finished) = &record.outcome {
            for (seat, &entrant) in record.game.seats.iter().enumerate() {
                total[entrant] += points(&finished.places, seat);
            }
        }
    }
    for bye in byes {
        total[bye.entrant] += bye.points();
    }
    total
}

/// One entrant's line of the standings.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// Place in the standings, from 1.
    pub rank: usize,
    /// The entrant's label.
    pub bot: String,
    /// What played (a built-in bot or an endpoint).
    pub plays: String,
    /// Games played to the end.
    pub games: u32,
    /// Games finished first (alone or sharing first place).
    pub wins: u32,
    /// Points (see [`points`]), byes included.
    pub points: f64,
    /// Rounds sat out (Swiss with a count of entrants that does not fill
    /// the tables), each worth half the points of the round's games.
    pub byes: u32,
    /// The games those byes stand for (the score's denominator counts
    /// them with the games played).
    pub bye_games: u32,
    /// Elo (two-seat games only).
    pub elo: Option<f64>,
    /// Weng-Lin mean.
    pub weng_lin: f64,
    /// Weng-Lin uncertainty.
    pub weng_lin_uncertainty: f64,
    /// Decisions the server made for this bot because its clock ran out or
    /// it failed (MC-STANDIN-01): a default move or a forfeit each.
    pub stand_ins: u32,
}

/// The standings and what produced them.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// What was played, in words (game, options, format, seeds).
    pub title: String,
    /// Seats a game.
    pub seats: usize,
    /// Games scheduled.
    pub games: usize,
    /// Games that could not be played to the end.
    pub failed: usize,
    /// Which rating orders entrants with equal points: "elo" for two
    /// seats, "weng-lin" otherwise.
    pub rating: &'static str,
    /// One line per entrant, best first.
    pub lines: Vec<Line>,
}

/// Computes the standings from the games in schedule order.
pub fn standings(
    title: String,
    seats: usize,
    entrants: &[Entrant],
    records: &[GameRecord],
    byes: &[Bye],
) -> Standings {
    let mut ratings = Ratings::new(entrants.len());
    let mut lines: Vec<Line> = entrants
        .iter()
        .map(|entrant| Line {
            rank: 0,
            bot: entrant.label.clone(),
            plays: entrant.bot.clone(),
            games: 0,
            wins: 0,
            points: 0.0,
            byes: 0,
            bye_games: 0,
            elo: None,
            weng_lin: 0.0,
            weng_lin_uncertainty: 0.0,
            stand_ins: 0,
        })
        .collect();
    let mut failed = 0;
    for record in records {
        let Ok(finished) = &record.outcome else {
            failed += 1;
            continue;
        };
        ratings.record(&record.game.seats, &finished.places);
        for (seat, &entrant) in record.game.seats.iter().enumerate() {
            let line = &mut lines[entrant];
            line.games += 1;
            line.wins += u32::from(finished.places[seat] == 1);
            line.points += points(&finished.places, seat);
        }
        for stood_in in &finished.stand_ins {
            if let Some(&entrant) = record.game.seats.get(stood_in.seat) {
                lines[entrant].stand_ins += 1;
            }
        }
    }
    for bye in byes {
        let line = &mut lines[bye.entrant];
        line.byes += 1;
        line.bye_games += bye.games;
        line.points += bye.points();
    }
    let two_seats = seats == 2;
    for (entrant, line) in lines.iter_mut().enumerate() {
        line.elo = two_seats.then(|| ratings.elo(entrant));
        (line.weng_lin, line.weng_lin_uncertainty) = ratings.weng_lin(entrant);
    }
    let rating_of = |line: &Line| {
        line.elo
            .unwrap_or(line.weng_lin - 3.0 * line.weng_lin_uncertainty)
    };
    lines.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(rating_of(b).total_cmp(&rating_of(a)))
            .then(a.bot.cmp(&b.bot))
    });
    for (index, line) in lines.iter_mut().enumerate() {
        line.rank = index + 1;
    }
    Standings {
        title,
        seats,
        games: records.len(),
        failed,
        rating: if two_seats { "elo" } else { "weng-lin" },
        lines,
    }
}

impl Standings {
    /// `standings.md`: a table a person reads.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# Standings\n\n{}\n", self.title);
        let _ = writeln!(
            out,
            "{} games, {} seats a game{}.\n",
            self.games,
            self.seats,
            if self.failed > 0 {
                format!(", {} not played to the end (see games.csv)", self.failed)
            } else {
                String::new()
            }
        );
        let rating_header = if self.rating == "elo" {
            "Elo | Weng-Lin"
        } else {
            "Weng-Lin | mean ± uncertainty"
        };
        let _ = writeln!(
            out,
            "| # | bot | plays | games | wins | points | score | {rating_header} | stand-ins |"
        );
        let _ = writeln!(
            out,
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
        );
        for line in &self.lines {
            let played = f64::from(line.games) + f64::from(line.bye_games);
            let score = if played > 0.0 {
                100.0 * line.points / played
            } else {
                0.0
            };
            let conservative = line.weng_lin - 3.0 * line.weng_lin_uncertainty;
            let ratings = match line.elo {
                Some(elo) => format!("{elo:.0} | {conservative:.2}"),
                None => format!(
                    "{conservative:.2} | {:.2} ± {:.2}",
                    line.weng_lin, line.weng_lin_uncertainty
                ),
            };
            let _ = writeln!(
                out,
                "| {} | {} | `{}` | {} | {} | {:.2} | {score:.1}% | {ratings} | {} |",
                line.rank, line.bot, line.plays, line.games, line.wins, line.points, line.stand_ins
            );
        }
        let _ = writeln!(
            out,
            "\nPoints: 1 for each other seat finished ahead of, 0.5 for each tied with, \
             divided by the other seats (a two-player win is 1). Score: points per game (a bye counts as the games it stands for). \
             Weng-Lin: the conservative rating, mean minus 3 uncertainties. \
             Stand-ins: decisions the server made for the bot because its clock ran out or it \
             failed (a default move or a forfeit each; games.csv says which and why)."
        );
        out
    }
}

/// `games.csv`: one line per scheduled game, in schedule order.
pub fn games_csv(entrants: &[Entrant], records: &[GameRecord]) -> String {
    let seats = records.first().map_or(0, |r| r.game.seats.len());
    let mut out = String::from("game,round,table,rotation,seed");
    for seat in 0..seats {
        let _ = write!(out, ",seat{seat}");
    }
    for seat in 0..seats {
        let _ = write!(out, ",place{seat}");
    }
    out.push_str(",actions,result,stand_ins,replay\n");
    for record in records {
        let game = &record.game;
        let _ = write!(
            out,
            "{},{},{},{},{}",
            game.index, game.round, game.table, game.rotation, game.seed
        );
        for &entrant in &game.seats {
            let _ = write!(out, ",{}", csv_field(&entrants[entrant].label));
        }
        match &record.outcome {
            Ok(finished) => {
                for place in &finished.places {
                    let _ = write!(out, ",{place}");
                }
                let stand_ins: Vec<String> = finished
                    .stand_ins
                    .iter()
                    .map(|s| format!("v{} seat{} {}", s.version, s.seat, s.reason))
                    .collect();
                let _ = writeln!(
                    out,
                    ",{},{},{},replays/{}",
                    finished.version,
                    csv_field(&finished.reason),
                    csv_field(&stand_ins.join("; ")),
                    super::play::replay_file(game.index)
                );
            }
            Err(failure) => {
                for _ in 0..seats {
                    out.push(',');
                }
                let _ = writeln!(
                    out,
                    ",,{},,",
                    csv_field(&format!("failed: {}", failure.message))
                );
            }
        }
    }
    out
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_seats_beaten_and_halve_ties() {
        assert_eq!(points(&[1, 2], 0), 1.0);
        assert_eq!(points(&[1, 2], 1), 0.0);
        assert_eq!(points(&[1, 1], 1), 0.5);
        let four = [2, 1, 4, 3];
        let all: Vec<f64> = (0..4).map(|s| points(&four, s)).collect();
        assert_eq!(all[1], 1.0);
        assert!((all[0] - 2.0 / 3.0).abs() < 1e-12);
        assert!((all[3] - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(all[2], 0.0);
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("a \"b\", c"), "\"a \"\"b\"\", c\"");
    }
}
