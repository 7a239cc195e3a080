// Dune: Imperium: the board spaces with their Agents, the Conflict, the
// players' resources, the Influence tracks and, for the seat that owns
// them, the cards in hand and the Intrigue cards. Another player's hand is
// only ever a count: the view never holds more.
import { imperium as data } from "../gen/data.js";
import { h, words, panel, facts } from "./util.js";

const name = (id) => words(id, data.names);
export const SEAT_COLOURS = ["#b3261e", "#1d5fa8", "#1f7a3a", "#b88a00", "#6b3fa0", "#555555"];

function seatBadge(seat, view, long = false) {
  if (seat === undefined || seat === null) return null;
  const label = seatLabel(seat, view);
  return h(
    "span",
    { class: "seat-badge", title: label, style: `background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}` },
    long ? label : shortLabel(label),
  );
}

/** "2: Countess Ariana Thorvald" -> "2: Countess". */
function shortLabel(label) {
  const [seat, rest = ""] = label.split(": ");
  const first = rest.split(" ")[0];
  return first ? `${seat}: ${first}${rest.includes("(rival)") ? " (rival)" : ""}` : seat;
}

/** A seat or rival by the leader it plays. */
export function seatLabel(seat, view) {
  const player = view.players.find((p) => p.seat === seat);
  if (player) return `${seat}: ${name(player.leader)}`;
  const rival = view.rivals.find((r) => r.seat === seat);
  if (rival) return `${seat}: ${rival.leader ? name(rival.leader) : "House Hagal"} (rival)`;
  return `${seat}`;
}

function spaces(view) {
  const bySpace = new Map(view.spaces.map((space) => [space.space, space]));
  const groups = new Map();
  for (const info of data.spaces) {
    const key = info.faction ?? info.icon ?? "other";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(info);
  }
  return panel(
    "Board",
    h(
      "div",
      { class: "spaces" },
      [...groups].map(([group, infos]) =>
        h(
          "div",
          { class: `space-group group-${group}` },
          h("h4", {}, words(group)),
          infos.map((info) => {
            const space = bySpace.get(info.id) ?? {};
            return h(
              "div",
              {
                class: `space${space.agent !== undefined ? " occupied" : ""}`,
                "data-space": info.id,
                "data-agent": space.agent,
              },
              h("span", { class: "space-name" }, info.name, info.combat ? " ⚔" : "", info.maker ? " (Maker)" : ""),
              space.agent !== undefined ? seatBadge(space.agent, view) : null,
              space.controller !== undefined ? h("span", { class: "control" }, "controlled by ", seatBadge(space.controller, view)) : null,
              space.bonusSpice ? h("span", { class: "bonus" }, `+${space.bonusSpice} bonus spice`) : null,
              space.blockedBy !== undefined ? h("span", { class: "blocked" }, "blocked by ", seatBadge(space.blockedBy, view)) : null,
            );
          }),
        ),
      ),
    ),
  );
}

function everyone(view) {
  return [...view.players.map((p) => ({ ...p, rival: false })), ...view.rivals.map((r) => ({ ...r, rival: true }))].sort(
    (a, b) => a.seat - b.seat,
  );
}

function conflict(view) {
  return panel(
    "Conflict",
    facts([
      ["Conflict card", view.conflict ? name(view.conflict) : "none revealed"],
      ["Conflict cards left", view.conflictDeckCount],
    ]),
    h(
      "table",
      { class: "grid" },
      h("tr", {}, h("th", {}, "Seat"), h("th", {}, "Troops in the Conflict"), h("th", {}, "Swords"), h("th", {}, "Strength")),
      everyone(view).map((p) => h("tr", {}, h("td", {}, seatBadge(p.seat, view)), h("td", {}, p.conflict), h("td", {}, p.swords), h("td", {}, p.strength))),
    ),
  );
}

function players(view) {
  const columns = [
    ["Seat"],
    ["VP", "Victory points"],
    ["Solari"],
    ["Spice"],
    ["Water"],
    ["Supply", "Troops in the supply"],
    ["Garr.", "Troops in the garrison"],
    ["Pers.", "Persuasion this turn"],
    ["Agents", "Agents left / Agents"],
    ["Hand", "Cards in hand"],
    ["Deck", "Cards in the draw deck"],
    ["Intr.", "Intrigue cards"],
    [""],
  ];
  return panel(
    "Players",
    h(
      "table",
      { class: "grid players" },
      h("tr", {}, columns.map(([label, title]) => h("th", { title }, label))),
      everyone(view).map((p) =>
        h(
          "tr",
          {
            "data-seat": p.seat,
            "data-vp": p.vp,
            "data-solari": p.solari,
            "data-spice": p.spice,
            "data-water": p.water,
            class: view.prompt?.seat === p.seat && !p.rival ? "to-act" : "",
          },
          h("td", {}, seatBadge(p.seat, view)),
          h("td", {}, p.vp),
          h("td", {}, p.solari),
          h("td", {}, p.spice),
          h("td", {}, p.water),
          h("td", {}, p.supply),
          h("td", {}, p.garrison),
          h("td", {}, p.rival ? "" : p.persuasion),
          h("td", {}, `${p.agentsLeft} / ${p.agents}`),
          h("td", {}, p.rival ? "" : p.handCount),
          h("td", {}, p.rival ? "" : p.deckCount),
          h("td", {}, p.intrigueCount),
          h(
            "td",
            {},
            [p.swordmaster ? "Swordmaster" : "", p.highCouncil ? "High Council" : "", p.hasRevealed ? "revealed" : "", view.mentat === p.seat ? "Mentat" : "", view.firstPlayer === p.seat ? "first player" : ""]
              .filter(Boolean)
              .join(", "),
          ),
        ),
      ),
    ),
  );
}

function influence(view) {
  const steps = Array.from({ length: 7 }, (_, step) => step);
  const alliances = new Map(view.alliances.map((a) => [a.faction, a.seat]));
  return panel(
    "Influence",
    h(
      "table",
      { class: "grid track" },
      h("tr", {}, h("th", {}, "Faction"), steps.map((step) => h("th", {}, step)), h("th", {}, "Alliance")),
      data.factions.map((faction) =>
        h(
          "tr",
          { "data-faction": faction },
          h("th", {}, words(faction)),
          steps.map((step) =>
            h(
              "td",
              {},
              everyone(view)
                .filter((p) => Math.min(6, p.influence.find((i) => i.faction === faction)?.amount ?? 0) === step)
                .map((p) => seatBadge(p.seat, view)),
            ),
          ),
          h("td", {}, alliances.get(faction) !== undefined ? seatBadge(alliances.get(faction), view) : ""),
        ),
      ),
    ),
  );
}

function market(view) {
  return panel(
    "Imperium Row and reserve",
    facts([
      ["Imperium Row", view.row.map(name).join(", ") || "empty"],
      ["Imperium deck", view.imperiumDeckCount],
      ["Reserve", view.reserve.map((pile) => `${name(pile.card)} ×${pile.count}`).join(", ")],
      ["Intrigue deck", view.intrigueDeckCount],
      view.hagalDeckCount || view.hagalRevealed.length ? ["House Hagal", `${view.hagalDeckCount} left; revealed: ${view.hagalRevealed.map(name).join(", ") || "none"}`] : null,
    ]),
  );
}

function cards(view) {
  return view.players.map((p) => {
    const hidden = (count) => h("span", { class: "hidden-info" }, `${count} card(s), hidden`);
    const section = panel(
      `${seatLabel(p.seat, view)}: cards`,
      facts([
        ["Hand", p.hand ? h("ol", { "data-hand": p.seat }, p.hand.cards.map((card) => h("li", {}, name(card)))) : hidden(p.handCount)],
        ["Intrigue", p.intrigue ? p.intrigue.cards.map(name).join(", ") || "none" : hidden(p.intrigueCount)],
        p.secretFactions ? ["Secret factions", p.secretFactions.cards.map(words).join(", ")] : null,
        p.deckTop ? ["Top of the deck", name(p.deckTop)] : null,
        ["In play", p.played.map(name).join(", ") || "none"],
        ["Revealed", p.revealed.map(name).join(", ") || "none"],
        ["Discard pile", p.discard.length ? p.discard.map(name).join(", ") : "empty"],
        p.setAside ? ["Set aside", name(p.setAside)] : null,
      ]),
    );
    section.dataset.playerCards = p.seat;
    return section;
  });
}

/** The whole Imperium view. */
export function renderImperium(view) {
  const m = view.game.value;
  const prompt = m.prompt;
  const status = panel(
    `Round ${m.round}, ${words(m.phase)}`,
    facts([
      ["Waiting on", prompt && m.phase !== "over" ? h("span", {}, seatBadge(prompt.seat, m), ` ${words(prompt.kind)}`) : "nobody"],
      prompt?.card ? ["Looking at", name(prompt.card)] : null,
      ["First player", seatBadge(m.firstPlayer, m)],
      m.mentat !== undefined ? ["Mentat", seatBadge(m.mentat, m)] : null,
    ]),
  );
  return h(
    "div",
    { class: "imperium" },
    h("div", { class: "board-column" }, spaces(m), players(m), h("div", { class: "pair" }, conflict(m), influence(m))),
    h("div", { class: "side-column" }, status, market(m), cards(m)),
  );
}
