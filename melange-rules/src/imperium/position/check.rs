//! Whether a [`Setup`] is a position the rules could reach: first its
//! shape (as many participants as the rivals say, every id and seat in
//! range), then the invariants every legal game keeps (troops, cards and
//! Intrigue conserved, House Hagal's limits, no rival asked to decide).
//! The random playout tests hold every position they pass through to the
//! same checks, so a check here is one the rules never break.
use super::Setup;
use crate::core::{Seat, SetupError};
use crate::imperium::data::{CardGroup, data};
use crate::imperium::hagal::{RivalMode, hagal_data};
use crate::imperium::ids::CardId;
use crate::imperium::state::{Imperium, Turn};

/// Rivals a rival game seats after its humans, and the humans it has.
fn rival_table(mode: RivalMode) -> (u8, u8) {
    match mode {
        RivalMode::TwoPlayer => (1, 2),
        RivalMode::Solo => (2, 1),
    }
}

impl Setup {
    /// As many participants as the rivals say, every id and seat in range:
    /// what the invariants and the engine index by without looking.
    pub(super) fn check_shape(&self) -> Result<(), SetupError> {
        let d = data();
        let n = self.players.len();
        match &self.rivals {
            None if !(3..=4).contains(&n) => {
                return Err(SetupError::shape(format!(
                    "{n} players without rivals: a game without rivals seats 3 or 4"
                )));
            }
            None => {}
            Some(r) => {
                let (rivals, humans) = rival_table(r.mode);
                if r.humans != humans || n != usize::from(humans + rivals) {
                    return Err(SetupError::shape(format!(
                        "{n} participants and {} human seats where the {:?} rival game has \
                         {humans} humans and {rivals} rivals",
                        r.humans, r.mode
                    )));
                }
                if r.last.len() != usize::from(rivals) {
                    return Err(SetupError::shape(format!(
                        "{} last-revealed cards for {rivals} rivals",
                        r.last.len()
                    )));
                }
                let cards = hagal_data().cards.len();
                let known = r
                    .deck
                    .iter()
                    .chain(&r.revealed)
                    .chain(r.last.iter().flatten());
                if known.into_iter().any(|c| usize::from(c.0) >= cards) {
                    return Err(SetupError::shape("a House Hagal card of no kind"));
                }
            }
        }
        if let Some(i) = self
            .players
            .iter()
            .position(|p| usize::from(p.leader.0) >= d.leaders.len())
        {
            return Err(SetupError::shape(format!(
                "participant {i} plays a leader of no kind"
            )));
        }
        let card_ok = |c: &CardId| usize::from(c.0) < d.cards.len();
        for (i, p) in self.players.iter().enumerate() {
            let mut piles = [&p.deck, &p.hand, &p.played, &p.revealed, &p.discard]
                .into_iter()
                .flatten()
                .chain(&p.set_aside);
            if !piles.all(card_ok) {
                return Err(SetupError::shape(format!(
                    "participant {i} holds an Imperium card of no kind"
                )));
            }
            if p.intrigue
                .iter()
                .any(|c| usize::from(c.0) >= d.intrigues.len())
            {
                return Err(SetupError::shape(format!(
                    "participant {i} holds an Intrigue card of no kind"
                )));
            }
        }
        let mut shared = [
            self.imperium_deck.as_slice(),
            &self.row,
            &self.trash,
            &self.reveal_boxes,
        ]
        .into_iter()
        .flatten();
        if !shared.all(card_ok) {
            return Err(SetupError::shape("an Imperium card of no kind"));
        }
        let intrigues = self.intrigue_deck.iter().chain(&self.intrigue_discard);
        if intrigues
            .into_iter()
            .any(|c| usize::from(c.0) >= d.intrigues.len())
        {
            return Err(SetupError::shape("an Intrigue card of no kind"));
        }
        let conflicts = self.conflict_deck.iter().chain(&self.conflicts_seen);
        if conflicts
            .chain(&self.conflict)
            .any(|c| usize::from(c.0) >= d.conflicts.len())
        {
            return Err(SetupError::shape("a Conflict card of no kind"));
        }
        let space_ok = |s: crate::imperium::ids::SpaceId| usize::from(s.0) < d.spaces.len();
        if !self.turn.space.is_none_or(space_ok) || !self.voice.is_none_or(|(_, s)| space_ok(s)) {
            return Err(SetupError::shape("a board space of no kind"));
        }
        self.check_seats(n)
    }

    /// Every seat the position names sits at the table (the turn's may be
    /// [`Turn::NOBODY`]'s).
    fn check_seats(&self, n: usize) -> Result<(), SetupError> {
        let at_table = |s: &Seat| s.index() < n;
        let named = [
            ("the First Player", Some(self.first)),
            ("the Combat Intrigue round's seat", Some(self.combat_seat)),
            ("the Mentat's holder", self.mentat),
            ("next round's Mentat holder", self.mentat_next),
            ("The Voice's player", self.voice.map(|(s, _)| s)),
            (
                "the decision's seat",
                self.prompt.as_ref().map(|p| p.seat()),
            ),
        ];
        for (what, seat) in named {
            if !seat.iter().all(at_table) {
                return Err(SetupError::shape(format!("{what} is not at the table")));
            }
        }
        if self.turn.seat != Turn::NOBODY && !at_table(&self.turn.seat) {
            return Err(SetupError::shape("the turn's seat is not at the table"));
        }
        let markers = self
            .occupant
            .iter()
            .chain(&self.control)
            .chain(&self.alliance);
        if !markers.flatten().all(at_table) {
            return Err(SetupError::shape(
                "an Agent, control marker or Alliance token of a seat not at the table",
            ));
        }
        Ok(())
    }
}

impl Imperium {
    /// The invariants every legal position keeps. The random playouts hold
    /// every position they reach to this.
    pub fn check_position(&self) -> Result<(), SetupError> {
        self.check_troops()?;
        self.check_cards()?;
        self.check_intrigue()?;
        self.check_rivals()
    }

    /// IM-COMBAT-18, IM-START-06, IM-AGENT-10: each participant's troops
    /// only move between its supply, garrison and the Conflict; none is
    /// made or lost.
    fn check_troops(&self) -> Result<(), SetupError> {
        let total = self.d().setup.total_troops;
        for s in self.seats() {
            let p = self.p(s);
            let troops = u16::from(p.supply) + u16::from(p.garrison) + u16::from(p.conflict);
            if troops != u16::from(total) {
                return Err(SetupError::new(
                    "IM-COMBAT-18",
                    format!(
                        "troops not conserved for {s}: supply {} + garrison {} + Conflict {} \
                         is not the {total} of the box",
                        p.supply, p.garrison, p.conflict
                    ),
                ));
            }
        }
        Ok(())
    }

    /// IM-DECK-02, IM-DECK-03, IM-DECK-16, IM-REVEAL-08: every card kind
    /// only moves between the decks, hands, play, discard piles, the card
    /// Helena set aside, the Imperium Row and deck, the Reserve and the
    /// trash; each human seat starts with the starting deck (IM-DECK-01),
    /// the rivals build none.
    fn check_cards(&self) -> Result<(), SetupError> {
        let d = self.d();
        let mut count = vec![0usize; d.cards.len()];
        let mut add = |c: &CardId| count[usize::from(c.0)] += 1;
        for p in &self.players {
            [&p.deck, &p.hand, &p.played, &p.revealed, &p.discard]
                .into_iter()
                .flatten()
                .chain(&p.set_aside)
                .for_each(&mut add);
        }
        [self.imperium_deck.as_slice(), &self.row, &self.trash]
            .into_iter()
            .flatten()
            .for_each(&mut add);
        for (k, c) in d.reserve.iter().enumerate() {
            count[usize::from(c.0)] += usize::from(self.reserve[k]);
        }
        let humans = usize::from(self.humans());
        for (i, c) in d.cards.iter().enumerate() {
            let copies = usize::from(c.copies);
            let box_has = match c.group {
                CardGroup::Starter => copies * humans,
                CardGroup::Reserve | CardGroup::Imperium => copies,
            };
            if count[i] != box_has {
                return Err(SetupError::new(
                    "IM-DECK-03",
                    format!(
                        "{} copies of {} in the game where the box has {box_has}: cards only \
                         move between piles (IM-DECK-02, IM-DECK-16, IM-REVEAL-08)",
                        count[i], c.name
                    ),
                ));
            }
        }
        Ok(())
    }

    /// IM-INTRIGUE-08: every Intrigue card is in the Intrigue deck, a hand
    /// or the Intrigue discard pile.
    fn check_intrigue(&self) -> Result<(), SetupError> {
        let d = self.d();
        let mut count = vec![0usize; d.intrigues.len()];
        let held = self.players.iter().flat_map(|p| &p.intrigue);
        for c in held
            .chain(&self.intrigue_deck)
            .chain(&self.intrigue_discard)
        {
            count[usize::from(c.0)] += 1;
        }
        for (i, c) in d.intrigues.iter().enumerate() {
            if count[i] != usize::from(c.copies) {
                return Err(SetupError::new(
                    "IM-INTRIGUE-08",
                    format!(
                        "{} copies of {} in the game where the box has {}",
                        count[i], c.name, c.copies
                    ),
                ));
            }
        }
        Ok(())
    }

    /// House Hagal builds no deck (IM-HAGAL-10), collects no resources
    /// (IM-HAGAL-09) and scores no VP (IM-HAGAL-12); and no rival is ever
    /// asked to decide (IM-HAGAL-04, IM-SOLO-03: its turn is played from
    /// its House Hagal card).
    fn check_rivals(&self) -> Result<(), SetupError> {
        for s in self.rival_seats() {
            let p = self.p(s);
            if self.is_hagal(s) {
                if !(p.deck.is_empty()
                    && p.hand.is_empty()
                    && p.discard.is_empty()
                    && p.played.is_empty())
                {
                    return Err(SetupError::new(
                        "IM-HAGAL-10",
                        format!("House Hagal ({s}) holds Imperium cards"),
                    ));
                }
                if p.solari != 0 || p.spice != 0 || p.water != 0 {
                    return Err(SetupError::new(
                        "IM-HAGAL-09",
                        format!(
                            "House Hagal ({s}) holds resources: Solari {}, spice {}, water {}",
                            p.solari, p.spice, p.water
                        ),
                    ));
                }
                if p.vp != 0 {
                    return Err(SetupError::new(
                        "IM-HAGAL-12",
                        format!("House Hagal ({s}) has {} VP", p.vp),
                    ));
                }
            }
        }
        if let Some(seat) = self.prompt.as_ref().map(|p| p.seat())
            && self.is_rival(seat)
        {
            let rule = match self.rival_mode() {
                Some(RivalMode::Solo) => "IM-SOLO-03",
                _ => "IM-HAGAL-04",
            };
            return Err(SetupError::new(
                rule,
                format!("a rival ({seat}) is asked to decide"),
            ));
        }
        Ok(())
    }
}
