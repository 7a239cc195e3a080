//! Planning cards played for their effect (AR-ACT-12, AR-ACT-13, AR-ACT-17),
//! one test per card on the real board, with partial use and refusals: the
//! House Harkonnen and Corrino cards in `harkonnen`, the House Atreides and
//! Fremen cards in `atreides`; this module holds what holds for every card
//! and the helpers the two share. Combat faces (data): 0-2 Hit, 3-4 Shield,
//! 5 Special.
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, BattleStep, ByFaction, CardId, DieResult, Event,
    Faction, LeaderAt, Prompt, UnitKind, board,
};
use melange::rules::arrakis::{AirZoneId, Die, SectorId, Vehicle, Worm, Wormsign};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::assert_refused;

mod atreides;
mod harkonnen;

/// A cleared board, `f` to act with a Strategy and a Deployment die and
/// `hand` in hand.
fn game(f: Faction, hand: &[&str]) -> Arrakis {
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    g.edit(|s| {
        s.clear_board();
        s.turn(f, &[DieResult::Strategy, DieResult::Deployment], 2);
    })
    .unwrap();
    let cards: Vec<CardId> = hand.iter().map(|c| card(c)).collect();
    g.edit(|s| {
        s.hand(f, &cards);
        s.hand(f.other(), &[]);
    })
    .unwrap();
    g
}

fn units(g: &Arrakis, f: Faction, area: &str) -> melange::rules::arrakis::Units {
    g.areas()[a(area).index()].units[f]
}

#[test]
fn any_die_plays_a_card_and_it_is_discarded_after_its_effect() {
    // AR-ACT-12, AR-ACT-13
    let mut g = game(H, &["forced_recruitment"]);
    g.edit(|s| s.turn(H, &[DieResult::Mentat, DieResult::Deployment], 2))
        .unwrap();
    let c = card("forced_recruitment");
    assert!(legal(&g, H).contains(&Action::PlayCard(c, DieResult::Mentat)));
    let ev = play(&mut g, H, &[Action::PlayCard(c, DieResult::Mentat)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CardPlayed { card, .. } if *card == c))
    );
    assert!(g.house(H).hand.is_empty());
    // Not yet on the discard pile while it resolves.
    assert!(!g.house(H).discard.contains(&c));
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "arrakeen"), [0, 3, 0]);
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas()[a("arrakeen").index()].generic[H], 1);
    assert!(g.house(H).discard.contains(&c));
    assert_eq!(g.house(H).dice.iter().filter(|d| d.spent).count(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn a_card_without_a_written_effect_or_a_die_is_refused() {
    // AR-ACT-12: Hawat's Scheming is not played with a die; no die, no play.
    let g = game(H, &["hawats_scheming", "forced_recruitment"]);
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("hawats_scheming"), DieResult::Strategy),
    );
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("forced_recruitment"), DieResult::Mentat),
    );
    // A card not in hand.
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("sandmasters"), DieResult::Strategy),
    );
}

#[test]
fn a_card_deploying_over_the_stacking_limit_lets_the_owner_pick_the_excess() {
    // AR-MOVE-08: 5 regulars + 3 elites in Arrakeen; the Harkonnen pick
    // which 2 units go, then the card goes on to its leader.
    let mut g = game(H, &["forced_recruitment"]);
    g.edit(|s| s.put(H, a("arrakeen"), [5, 0, 0], 0)).unwrap();
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("forced_recruitment"), DieResult::Strategy),
            Action::DeployAt(a("arrakeen")),
        ],
    );
    assert!(matches!(g.prompt(), Prompt::Excess(..)));
    let kinds = melange::rules::arrakis::UnitKind::ALL;
    assert_refused(&g, seat(H), &Action::LoseUnit(kinds[2]));
    play(
        &mut g,
        H,
        &[Action::LoseUnit(kinds[1]), Action::LoseUnit(kinds[0])],
    );
    assert_eq!(units(&g, H, "arrakeen"), [4, 2, 0]);
    assert!(matches!(g.prompt(), Prompt::Card(..)));
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

fn all_areas() -> impl Iterator<Item = AreaId> {
    (0..board().areas.len() as u8).map(AreaId)
}

fn borders(x: AreaId, y: AreaId) -> bool {
    board().touches(x, y)
}

/// Plays `c` of `f` with the Strategy die.
fn start(g: &mut Arrakis, f: Faction, c: &str) {
    play(g, f, &[Action::PlayCard(card(c), DieResult::Strategy)]);
}

/// The empty desert areas bordering `x`, in board order.
fn empty_desert_around(g: &Arrakis, x: AreaId) -> Vec<AreaId> {
    all_areas()
        .filter(|y| borders(x, *y) && empty_desert(g, *y))
        .collect()
}

fn empty_desert(g: &Arrakis, x: AreaId) -> bool {
    let b = board();
    let s = &g.areas()[x.index()];
    b.desert.contains(x)
        && s.units == ByFaction::default()
        && s.tokens.is_empty()
        && s.sietch.is_none()
        && !s.settlement
        && !s.harvester
        && s.wormsign.is_none()
        && s.worm.is_none()
        && s.generic == ByFaction::default()
        && s.named == 0
}

/// A sector, an area of it, and an Air zone between it and another.
fn sector_setup() -> (SectorId, AreaId, AreaId, AirZoneId) {
    let b = board();
    let s = SectorId(0);
    let areas: Vec<AreaId> = b.sectors[0]
        .areas
        .iter()
        .filter(|x| b.desert.contains(*x))
        .collect();
    let z = (0..b.air_zones.len() as u8)
        .map(AirZoneId)
        .find(|z| b.air_zones[z.index()].sectors.contains(&s))
        .unwrap();
    (s, areas[0], areas[1], z)
}

fn play_card(g: &mut Arrakis, f: Faction, c: &str) -> Vec<Event> {
    play(g, f, &[Action::PlayCard(card(c), DieResult::Strategy)])
}

/// Whether a sandworm in `from` could attack `target` (test helper: a
/// reach of 2 areas through desert).
fn legal_after_move(g: &Arrakis, from: AreaId, target: AreaId) -> bool {
    let b = board();
    let near = |x: AreaId| b.passable[x.index()].union(b.impassable[x.index()]);
    near(from).contains(target)
        || near(from).iter().any(|m| {
            g.areas()[m.index()].worm.is_none()
                && near(m).contains(target)
                && b.area(m).terrain == melange::rules::arrakis::board::Terrain::Desert
        })
}

#[test]
fn a_cards_special_attack_lets_the_atreides_pick_their_casualty() {
    // AR-COMBAT-20: no regular, an elite and a Fedaykin: the Atreides pick
    // which one the hit replaces; then the card ends.
    let mut g = game(H, &["explosive_artillery"]);
    let own = a("s1_3");
    let target = all_areas()
        .find(|x| borders(own, *x) && board().desert.contains(*x))
        .unwrap();
    g.edit(|s| {
        s.put(H, own, [1, 0, 0], 0).unwrap();
        s.put(A, target, [0, 1, 1], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "explosive_artillery");
    play(&mut g, H, &[Action::Done]);
    // One hit: a Hit face and three Shields.
    g.edit(|s| s.load_dice(&[0, 3, 3, 3])).unwrap();
    play(&mut g, H, &[Action::PickArea(target)]);
    assert!(matches!(g.prompt(), Prompt::HazardCasualty(f, x, 1, _) if f == A && x == target));
    assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Special));
    assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Regular));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Special)]);
    // The Fedaykin became a regular.
    assert_eq!(g.areas()[target.index()].units[A], [1, 1, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn the_view_names_the_card_being_resolved_even_inside_a_move() {
    // AR-ACT-13: a played card is face up while it resolves; its move step
    // uses the ordinary move prompt, and the view still names the card.
    use melange::rules::arrakis::Source;
    use melange::rules::core::Viewer;
    let mut g = game(A, &["war_plan"]);
    g.edit(|s| s.put(A, a("s1_3"), [1, 0, 0], 0)).unwrap();
    play_card(&mut g, A, "war_plan");
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    let v = g.view(Viewer::Seat(seat(H)));
    assert_eq!(v.resolving, Some((Source::Card(card("war_plan")), 0)));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.view(Viewer::Spectator).resolving, None);
}

/// The first area bordering `x` (passably) without units, sietch,
/// settlement, wormsign or sandworm.
fn empty_neighbour(g: &Arrakis, x: AreaId) -> AreaId {
    board().passable[x.index()]
        .iter()
        .find(|y| {
            let s = &g.areas()[y.index()];
            s.units == ByFaction::default()
                && s.sietch.is_none()
                && !s.settlement
                && s.wormsign.is_none()
                && s.worm.is_none()
        })
        .expect("an empty neighbour")
}

/// The first action of `g`'s legal list for `f` matching `pick`.
fn first_legal(g: &Arrakis, f: Faction, pick: impl Fn(&Action) -> bool) -> Action {
    legal(g, f).into_iter().find(|x| pick(x)).expect("offered")
}

/// The dice `f` rolled in the first combat roll among `ev`.
fn rolled(ev: &[Event], f: Faction) -> Option<u8> {
    ev.iter().find_map(|e| match e {
        Event::CombatRoll { faction, dice, .. } if *faction == f => Some(*dice),
        _ => None,
    })
}

/// An empty area bordering `x`, other than `not`.
fn empty_neighbour_but(g: &Arrakis, x: AreaId, not: AreaId) -> AreaId {
    board().passable[x.index()]
        .iter()
        .find(|y| {
            let s = &g.areas()[y.index()];
            *y != not
                && s.units == ByFaction::default()
                && s.sietch.is_none()
                && !s.settlement
                && s.wormsign.is_none()
                && s.worm.is_none()
        })
        .expect("an empty neighbour")
}

#[test]
fn a_cards_plain_move_never_ends_in_an_enemy_area_and_may_leave_a_guarded_leader() {
    // Baron's Personal Guard moves "any 1 legion": a move, not an attack
    // (AR-MOVE-03), so an area holding Atreides units is not offered and is
    // refused. AR-MOVE-13: part of a legion may leave its leader behind as
    // long as a unit stays with him.
    let mut g = game(H, &["barons_personal_guard"]);
    g.edit(|s| {
        s.put(H, a("s1_3"), [2, 0, 0], 0).unwrap();
        s.place_leader(leader("beast_rabban"), a("s1_3"));
    })
    .unwrap();
    let enemy = empty_neighbour(&g, a("s1_3"));
    g.edit(|s| s.put(A, enemy, [1, 0, 0], 0)).unwrap();
    let to = empty_neighbour(&g, a("s1_3"));
    start(&mut g, H, "barons_personal_guard");
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(a("arrakeen")),
            Action::DeployLeader(Some(leader("baron_harkonnen"))),
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert!(!legal(&g, H).contains(&Action::To(enemy)));
    assert_refused(&g, seat(H), &Action::To(enemy));
    assert!(legal(&g, H).contains(&Action::To(to)));
    play(&mut g, H, &[Action::To(to)]);
    assert_eq!(units(&g, H, "s1_3"), [1, 0, 0]);
    assert_eq!(g.areas()[to.index()].units[H], [1, 0, 0]);
    assert_eq!(
        g.leader_at(leader("beast_rabban")),
        LeaderAt::Board(a("s1_3"))
    );
}
