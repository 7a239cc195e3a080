//! All the game's facts, embedded at build time and parsed once per process
//! into [`Data`], with the cross-file checks (every leader, card and area a
//! file names must exist).
use std::sync::LazyLock;

use super::board::tables::{Tables, parse_tables};
use super::board::{Board, board};
use super::cards::components::{
    Entry, Leader, LeaderKind, PlanningCard, parse_cards, parse_leaders,
};
use super::ids::{CardId, Deck, Faction, LeaderId};

const TABLES_JSON: &str = include_str!("../../../data/arrakis/tables.json");
const LEADERS_JSON: &str = include_str!("../../../data/arrakis/leaders.json");
const CARDS_JSON: &str = include_str!("../../../data/arrakis/cards.json");

/// The loaded facts.
#[derive(Debug)]
pub struct Data {
    /// The board.
    pub board: &'static Board,
    /// Numbers and defaults.
    pub tables: Tables,
    /// Leaders; [`LeaderId`] indexes this.
    pub leaders: Vec<Leader>,
    /// Planning card kinds; [`CardId`] indexes this.
    pub cards: Vec<PlanningCard>,
}

impl Data {
    /// Parses the given texts against the published board and checks every
    /// cross-reference.
    pub fn parse(tables: &str, leaders: &str, cards: &str) -> Result<Data, String> {
        let board = board();
        let tables = parse_tables(
            tables,
            board.sietch_sites.len(),
            board.testing_stations.len(),
        )?;
        let leaders = parse_leaders(leaders)?;
        let cards = parse_cards(cards)?;
        let d = Data {
            board,
            tables,
            leaders,
            cards,
        };
        d.check()?;
        Ok(d)
    }

    fn check(&self) -> Result<(), String> {
        let s = &self.tables.setup;
        let leader = |id: &str, what: &str| {
            self.leader_id(id)
                .map(|_| ())
                .ok_or_else(|| format!("data: {what} names unknown leader {id:?}"))
        };
        for (ids, f) in [
            (&s.harkonnen_leaders, Faction::Harkonnen),
            (&s.atreides_leaders, Faction::Atreides),
        ] {
            for id in ids {
                leader(id, "tables setup")?;
                let l = &self.leaders[usize::from(self.leader_id(id).unwrap().0)];
                if l.faction != f || l.kind != LeaderKind::Named {
                    return Err(format!(
                        "data: setup leader {id:?} is not a named {f:?} leader"
                    ));
                }
            }
        }
        for st in &s.supremacy_leader_steps {
            leader(&st.leader, "supremacy_leader_steps")?;
            if let Some(r) = &st.removes {
                leader(r, "supremacy_leader_steps")?;
            }
        }
        for id in &self.tables.bene_gesserit.granted_on_entry {
            leader(id, "bene_gesserit.granted_on_entry")?;
        }
        for l in &self.leaders {
            let cards: Vec<&String> = match &l.enters {
                Entry::Card { cards } => cards.iter().collect(),
                Entry::SupremacyStep { card: Some(c), .. }
                | Entry::PrescienceStep { card: Some(c), .. } => vec![c],
                _ => vec![],
            };
            if let Some(p) = &l.same_person_as {
                leader(p, "same_person_as")?;
            }
            for c in cards
                .into_iter()
                .chain(l.removed_by_discarding.as_ref().map(|r| &r.card))
            {
                if self.card_id(c).is_none() {
                    return Err(format!("data: leader {:?} names unknown card {c:?}", l.id));
                }
            }
        }
        self.check_card_effects()?;
        self.check_specials()?;
        for dk in [
            Deck::HouseHarkonnen,
            Deck::CorrinoAlly,
            Deck::HouseAtreides,
            Deck::FremenAlly,
        ] {
            if !self.cards.iter().any(|c| c.deck == dk) {
                return Err(format!("data: deck {dk:?} has no card"));
            }
        }
        Ok(())
    }

    /// Every area and leader a leader's special action names exists.
    fn check_specials(&self) -> Result<(), String> {
        for l in &self.leaders {
            for step in &l.special {
                let (areas, leaders) = step.names();
                if let Some(a) = areas.iter().find(|a| self.board.area_id(a).is_none()) {
                    return Err(format!("leaders: {:?} names unknown area {a:?}", l.id));
                }
                if let Some(x) = leaders.iter().find(|x| self.leader_id(x).is_none()) {
                    return Err(format!("leaders: {:?} names unknown leader {x:?}", l.id));
                }
            }
        }
        Ok(())
    }

    /// Every area and leader a card effect names exists.
    fn check_card_effects(&self) -> Result<(), String> {
        for c in &self.cards {
            let alt = c.alternative.iter().flat_map(|a| &a.steps);
            let conds = c
                .requires
                .iter()
                .chain(c.alternative.as_ref().map(|a| &a.when));
            for step in c.steps.iter().chain(alt) {
                let (areas, leaders) = step.names();
                for a in areas {
                    if self.board.area_id(a).is_none() {
                        return Err(format!("cards: {:?} names unknown area {a:?}", c.id));
                    }
                }
                for l in leaders {
                    if self.leader_id(l).is_none() {
                        return Err(format!("cards: {:?} names unknown leader {l:?}", c.id));
                    }
                }
            }
            for l in conds.filter_map(|w| w.leader()) {
                if self.leader_id(l).is_none() {
                    return Err(format!("cards: {:?} names unknown leader {l:?}", c.id));
                }
            }
        }
        Ok(())
    }

    /// The leader with data id `id`.
    pub fn leader_id(&self, id: &str) -> Option<LeaderId> {
        self.leaders
            .iter()
            .position(|l| l.id == id)
            .map(|i| LeaderId(i as u8))
    }

    /// The leaders a card naming `id` means: that leader and any later card
    /// of the same person (AR-LEADER-18, AR-LEADER-19).
    pub fn person(&self, id: &str) -> Vec<LeaderId> {
        (0..self.leaders.len())
            .filter(|&i| {
                let l = &self.leaders[i];
                l.id == id || l.same_person_as.as_deref() == Some(id)
            })
            .map(|i| LeaderId(i as u8))
            .collect()
    }

    /// The card with data id `id`.
    pub fn card_id(&self, id: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| CardId(i as u8))
    }

    /// A leader's facts.
    pub fn leader(&self, l: LeaderId) -> &Leader {
        &self.leaders[usize::from(l.0)]
    }

    /// A card's facts.
    pub fn card(&self, c: CardId) -> &PlanningCard {
        &self.cards[usize::from(c.0)]
    }

    /// The generic leader of a house (Bashar, Naib).
    pub fn generic_leader(&self, f: Faction) -> LeaderId {
        self.leaders
            .iter()
            .position(|l| l.faction == f && l.kind == LeaderKind::Generic)
            .map(|i| LeaderId(i as u8))
            .expect("checked at load")
    }
}

static DATA: LazyLock<Data> =
    LazyLock::new(
        || match Data::parse(TABLES_JSON, LEADERS_JSON, CARDS_JSON) {
            Ok(d) => d,
            Err(e) => panic!("data/arrakis: {e}"),
        },
    );

/// The shared, checked facts.
pub fn data() -> &'static Data {
    &DATA
}

/// The embedded texts (tables, leaders, cards), for tests that break them.
pub fn data_json() -> (&'static str, &'static str, &'static str) {
    (TABLES_JSON, LEADERS_JSON, CARDS_JSON)
}
