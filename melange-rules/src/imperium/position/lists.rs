//! The effect lists a paused effect points into, named by where they sit
//! in the game's data, so a position holding one can be written and read.
//!
//! The engine resolves an effect list in small steps: a task on the stack
//! ([`crate::imperium::state::Task::Run`]) or a prompt
//! ([`crate::imperium::prompt::Prompt::Choice`], `Optional`, `Opponent`)
//! keeps a `&'static` slice of the loaded data (`data.rs`), never a copy.
//! The state keeps that slice (no copy, no lookup while playing); only its
//! setup's text names it, by a path such as
//! `space/selective_breeding/effects` or, for a list inside an effect,
//! `card/<id>/agent/1/options/0` (branch 0 of the Agent box's step 1).
//! Reading the path back gives the very same slice of the data, so a game
//! read from text runs the same steps.
//!
//! Every list of the data is named once, at first use, by walking the data
//! in its order: the cards' Agent, Reveal, Acquire and trashed boxes, the
//! spaces' effects and control bonuses, the Intrigue effects, the Conflict
//! rewards, the leaders' setup effects and Signet Rings, the tracks' bonus
//! at 4 Influence, and every list nested in their effects. An empty list
//! is written `""`: every empty list is alike.
use std::collections::HashMap;
use std::sync::LazyLock;

use serde::de::Error as _;
use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

use crate::imperium::data::data;
use crate::imperium::effect::Effect;

/// Slices of the data of one kind, by address and by path.
struct Named<T: 'static> {
    /// `(address, length)` of a slice to its path.
    path_of: HashMap<(usize, usize), String>,
    /// A path to its slice.
    at: HashMap<String, &'static [T]>,
}

impl<T> Named<T> {
    fn new() -> Named<T> {
        Named {
            path_of: HashMap::new(),
            at: HashMap::new(),
        }
    }

    /// Names `slice` `path`.
    fn insert(&mut self, path: String, slice: &'static [T]) {
        let old = self.at.insert(path.clone(), slice);
        assert!(old.is_none(), "two effect lists of the data at `{path}`");
        self.path_of.insert(key(slice), path);
    }

    /// Writes the slice's path (`""` for an empty one).
    fn write<S: Serializer>(&self, slice: &[T], s: S) -> Result<S::Ok, S::Error> {
        if slice.is_empty() {
            return s.serialize_str("");
        }
        match self.path_of.get(&key(slice)) {
            Some(path) => s.serialize_str(path),
            None => Err(S::Error::custom("an effect list that is not in the data")),
        }
    }

    /// Reads a path back into the very slice of the data.
    fn read<'de, D: Deserializer<'de>>(&self, d: D) -> Result<&'static [T], D::Error> {
        let path = String::deserialize(d)?;
        if path.is_empty() {
            return Ok(&[]);
        }
        self.at
            .get(&path)
            .copied()
            .ok_or_else(|| D::Error::custom(format!("no effect list `{path}` in the data")))
    }
}

/// Every list of the data: the effect lists and a choice's branches.
struct Lists {
    /// Effect lists.
    effects: Named<Effect>,
    /// A choice's branches.
    branches: Named<Vec<Effect>>,
}

/// The key of a slice: where it starts and how long it is (two lists of
/// the data never share both).
fn key<T>(s: &[T]) -> (usize, usize) {
    (s.as_ptr() as usize, s.len())
}

impl Lists {
    /// Names every list of the data.
    fn new() -> Lists {
        let mut l = Lists {
            effects: Named::new(),
            branches: Named::new(),
        };
        let d = data();
        for c in &d.cards {
            for (what, list) in [
                ("agent", &c.agent),
                ("reveal", &c.reveal),
                ("acquire", &c.acquire),
                ("trashed", &c.trashed),
            ] {
                l.walk(format!("card/{}/{what}", c.id), list);
            }
        }
        for s in &d.spaces {
            l.walk(format!("space/{}/effects", s.id), &s.effects);
            l.walk(format!("space/{}/control_bonus", s.id), &s.control_bonus);
        }
        for i in &d.intrigues {
            l.walk(format!("intrigue/{}/effect", i.id), &i.effect);
            l.walk(
                format!("intrigue/{}/endgame_effect", i.id),
                &i.endgame_effect,
            );
        }
        for c in &d.conflicts {
            for (k, list) in c.rewards.iter().enumerate() {
                l.walk(format!("conflict/{}/rewards/{k}", c.id), list);
            }
        }
        for x in &d.leaders {
            l.walk(format!("leader/{}/setup_effects", x.id), &x.setup_effects);
            l.walk(format!("leader/{}/signet", x.id), &x.signet);
        }
        for (f, t) in crate::imperium::ids::Faction::ALL.iter().zip(&d.tracks) {
            l.walk(format!("track/{}/bonus_at_4", f.id()), &t.bonus_at_4);
        }
        l
    }

    /// Names `list` and every list nested in its steps. Every variant is
    /// spelt out, so a new effect holding a list does not compile until it
    /// is named here.
    fn walk(&mut self, path: String, list: &'static [Effect]) {
        if list.is_empty() {
            return;
        }
        for (i, e) in list.iter().enumerate() {
            let at = |what: &str| format!("{path}/{i}/{what}");
            match e {
                Effect::Choice { options, .. } => {
                    let p = at("options");
                    for (k, o) in options.iter().enumerate() {
                        self.walk(format!("{p}/{k}"), o);
                    }
                    self.branches.insert(p, options);
                }
                Effect::Optional(steps) => self.walk(at("optional"), steps),
                Effect::If { then, els, .. } => {
                    self.walk(at("then"), then);
                    self.walk(at("els"), els);
                }
                Effect::ForEachFremen(steps) => self.walk(at("for_each_fremen"), steps),
                Effect::EachOpponent(steps) => self.walk(at("each_opponent"), steps),
                Effect::ChosenOpponent(steps) => self.walk(at("chosen_opponent"), steps),
                Effect::Gain(_)
                | Effect::Influence(_)
                | Effect::Pay(_)
                | Effect::LoseInfluence(_)
                | Effect::Trash
                | Effect::TrashThis
                | Effect::Mentat
                | Effect::Control(_)
                | Effect::DeployFromGarrison(_)
                | Effect::StealIntrigue
                | Effect::SignetRing
                | Effect::Retreat(_)
                | Effect::DeployRecruited
                | Effect::Discard(_)
                | Effect::LoseTroops { .. }
                | Effect::AcquireCard { .. }
                | Effect::TakeReserve(_)
                | Effect::HighCouncilSeat
                | Effect::Swordmaster
                | Effect::Harvest(_)
                | Effect::SellMelange
                | Effect::Other(_) => {}
            }
        }
        self.effects.insert(path, list);
    }
}

/// The names, made at first use.
static LISTS: LazyLock<Lists> = LazyLock::new(Lists::new);

/// An effect list as its path in the data (`#[serde(with)]`).
pub(crate) mod effects {
    use serde::{Deserializer, Serializer};

    use super::LISTS;
    use crate::imperium::effect::Effect;

    /// Writes the list's path (`""` for no effects).
    pub(crate) fn serialize<S: Serializer>(
        list: &&'static [Effect],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        LISTS.effects.write(list, s)
    }

    /// Reads a path back into the very list of the data.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<&'static [Effect], D::Error> {
        LISTS.effects.read(d)
    }
}

/// A choice's branches as their path in the data (`#[serde(with)]`).
pub(crate) mod branches {
    use serde::{Deserializer, Serializer};

    use super::LISTS;
    use crate::imperium::effect::Effect;

    /// Writes the branches' path (`""` for none).
    pub(crate) fn serialize<S: Serializer>(
        options: &&'static [Vec<Effect>],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        LISTS.branches.write(options, s)
    }

    /// Reads a path back into the very branches of the data.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<&'static [Vec<Effect>], D::Error> {
        LISTS.branches.read(d)
    }
}
