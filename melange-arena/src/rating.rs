//! Ratings of a tournament's entrants, updated game by game in schedule
//! order (so they do not depend on which game finished first).
//!
//! - **Elo** for two seats a game: the rating every player of two-player
//!   games knows; the crate's defaults (start 1000, K 32).
//! - **Weng-Lin** (the Bayesian ranking method behind OpenSkill, with
//!   TrueSkill's mean and uncertainty) for every game, and the rating the
//!   standings sort by when a game has 3 or 4 seats: Elo has no
//!   free-for-all form (splitting a 4-player game into 6 duels counts one
//!   game six times), while Weng-Lin updates everyone from one finishing
//!   order, shares places exactly, and says how sure it is. The standings
//!   show its conservative value, mean minus 3 uncertainties.
//!
//! Both come from the `skillratings` crate.
use skillratings::{
    MultiTeamOutcome, Outcomes,
    elo::{EloConfig, EloRating, elo},
    weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team},
};

/// Every entrant's ratings.
#[derive(Clone, Debug)]
pub struct Ratings {
    elo: Vec<EloRating>,
    weng_lin: Vec<WengLinRating>,
}

impl Ratings {
    /// Everyone at the starting ratings.
    pub fn new(entrants: usize) -> Ratings {
        Ratings {
            elo: vec![EloRating::new(); entrants],
            weng_lin: vec![WengLinRating::new(); entrants],
        }
    }

    /// One more entrant, at the starting ratings; returns its number. A
    /// ladder's field grows while it runs.
    pub fn add_entrant(&mut self) -> usize {
        self.elo.push(EloRating::new());
        self.weng_lin.push(WengLinRating::new());
        self.elo.len() - 1
    }

    /// Records one game: the entrant of each seat and the place each seat
    /// finished in (1 is first; seats that share a place have the same).
    pub fn record(&mut self, seats: &[usize], places: &[usize]) {
        if let ([a, b], [place_a, place_b]) = (seats, places) {
            let outcome = match place_a.cmp(place_b) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (new_a, new_b) = elo(&self.elo[*a], &self.elo[*b], &outcome, &EloConfig::new());
            self.elo[*a] = new_a;
            self.elo[*b] = new_b;
        }
        let teams: Vec<[WengLinRating; 1]> = seats.iter().map(|&e| [self.weng_lin[e]]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(places)
            .map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place)))
            .collect();
        let updated = weng_lin_multi_team(&ranked, &WengLinConfig::new());
        for (&entrant, team) in seats.iter().zip(updated) {
            if let Some(&rating) = team.first() {
                self.weng_lin[entrant] = rating;
            }
        }
    }

    /// An entrant's Elo rating.
    pub fn elo(&self, entrant: usize) -> f64 {
        self.elo[entrant].rating
    }

    /// An entrant's Weng-Lin mean and uncertainty.
    pub fn weng_lin(&self, entrant: usize) -> (f64, f64) {
        let r = self.weng_lin[entrant];
        (r.rating, r.uncertainty)
    }

    /// The conservative Weng-Lin value: mean minus 3 uncertainties.
    pub fn weng_lin_conservative(&self, entrant: usize) -> f64 {
        let (mean, uncertainty) = self.weng_lin(entrant);
        mean - 3.0 * uncertainty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_go_up_losers_down_and_draws_between_equals_change_nothing() {
        let mut r = Ratings::new(3);
        r.record(&[0, 1], &[1, 2]);
        assert!(r.elo(0) > 1000.0 && r.elo(1) < 1000.0);
        assert!(r.weng_lin(0).0 > r.weng_lin(1).0);
        assert_eq!(r.elo(2), 1000.0);
        let before = r.elo(2);
        let mut s = Ratings::new(3);
        s.record(&[2, 1], &[1, 1]);
        assert_eq!(s.elo(2), before);
        let mut four = Ratings::new(4);
        four.record(&[3, 2, 1, 0], &[1, 2, 3, 4]);
        assert!(four.weng_lin(3).0 > four.weng_lin(2).0);
        assert!(four.weng_lin(2).0 > four.weng_lin(1).0);
        assert!(four.weng_lin(1).0 > four.weng_lin(0).0);
        // No Elo for more than two seats.
        assert_eq!(four.elo(3), 1000.0);
    }
}
