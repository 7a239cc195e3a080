// War for Arrakis: the sectors around the North Pole as an SVG, and the
// boards and dashboards beside it. Only what the view holds is drawn: a
// hand, a deployment token's contents, a sietch's rank or a Camp's marker
// appear only when the view carries them.
import { arrakis as data } from "../gen/data.js";
import { h, s, words, panel, facts } from "./util.js";

const name = (id) => words(id, data.names);
const CENTER = 500;
const POLE_RADIUS = 88;
// Radial bands: the inner ring (sectors 5-8) and the outer ring (1-4).
const RINGS = { inner: [POLE_RADIUS + 6, 300], outer: [306, 496] };
// Where each quarter starts, in degrees clockwise from east (north is -90).
const QUARTER = { NE: -90, SE: 0, SW: 90, NW: 180 };
const GAP = 1.2;
const TERRAIN = {
  desert: "#f3dca6",
  deep: "#e6bd72",
  minor_erg: "#eacb8b",
  plateau: "#c9a56e",
  mountain: "#a8998a",
};
const HOUSE = { harkonnen: "#b3261e", atreides: "#1f7a3a" };

function polar(radius, degrees) {
  const radians = (degrees * Math.PI) / 180;
  return [CENTER + radius * Math.cos(radians), CENTER + radius * Math.sin(radians)];
}

function cellPath(r0, r1, a0, a1) {
  const [x0, y0] = polar(r0, a0);
  const [x1, y1] = polar(r1, a0);
  const [x2, y2] = polar(r1, a1);
  const [x3, y3] = polar(r0, a1);
  const large = a1 - a0 > 180 ? 1 : 0;
  const f = (n) => n.toFixed(1);
  return (
    `M${f(x0)},${f(y0)} L${f(x1)},${f(y1)} A${r1},${r1} 0 ${large} 1 ${f(x2)},${f(y2)} ` +
    `L${f(x3)},${f(y3)} A${r0},${r0} 0 ${large} 0 ${f(x0)},${f(y0)} Z`
  );
}

// The cells of every area: each sector's quarter of its ring cut into
// bands from the pole outwards, each band into one cell per area. Which
// area goes where comes from build.mjs (bordering areas near each other);
// the repository holds no coordinates, so the layout is schematic.
const LAYOUT = (() => {
  const cells = {};
  for (const sector of data.sectors) {
    const bands = data.bands[sector.id] ?? [];
    const [inner, outer] = RINGS[sector.ring];
    const start = QUARTER[sector.position] + GAP;
    const span = 90 - 2 * GAP;
    // Bands of equal area rather than equal depth: a band near the pole
    // has short arcs, so it is made deeper, and its cells (as many as a
    // band farther out) are not slivers too narrow for their labels.
    const edge = (row) => Math.sqrt(inner * inner + ((outer * outer - inner * inner) * row) / bands.length);
    bands.forEach((ids, row) => {
      const width = span / ids.length;
      const r0 = edge(row);
      const band = edge(row + 1) - r0;
      ids.forEach((id, column) => {
        const a0 = start + column * width;
        cells[id] = {
          path: cellPath(r0, r0 + band - 2, a0 + 0.4, a0 + width - 0.4),
          center: polar(r0 + band / 2, a0 + width / 2),
          // The arc through the centre: what a line of text may span.
          width: ((r0 + band / 2) * (width - 0.8) * Math.PI) / 180,
        };
      });
    });
  }
  return cells;
})();

// An Air zone sits on the border of its two sectors: between two inner
// sectors on their shared edge, between an outer and an inner sector on the
// ring border in the middle of their quarter.
function zonePosition(zone) {
  const sectors = zone.sectors.map((id) => data.sectors.find((sector) => sector.id === id));
  if (sectors.every((sector) => sector.ring === "inner")) {
    const [a, b] = sectors.map((sector) => QUARTER[sector.position]);
    const edge = Math.abs(a - b) === 270 ? -90 : Math.max(a, b);
    return polar(200, edge);
  }
  const inner = sectors.find((sector) => sector.ring === "inner");
  return polar(303, QUARTER[inner.position] + 45);
}

const VEHICLE = {
  ornithopter: ["O", HOUSE.harkonnen],
  carryall: ["C", HOUSE.harkonnen],
  escort_ornithopter: ["E", HOUSE.harkonnen],
  smuggler_carryall: ["SC", "#555"],
  smuggler_ornithopter: ["SO", "#555"],
};

/** The figures of one side in an area, in short: "3r 1e 1s 2L". */
function figures(forces, desert) {
  if (!forces) return "";
  const parts = [];
  if (forces.regular) parts.push(`${forces.regular}r`);
  if (forces.smuggler) parts.push(`${forces.smuggler}sm`);
  if (forces.elite) parts.push(`${forces.elite}e`);
  if (forces.special) parts.push(`${forces.special}s`);
  const leaders = forces.genericLeaders + forces.leaders.length + (desert ?? 0);
  if (leaders) parts.push(`${leaders}L`);
  return parts.join(" ");
}

/** Figures on the board of one side in an area (units and leaders). */
export function figureCount(forces) {
  if (!forces) return 0;
  return (
    forces.regular +
    forces.elite +
    forces.special +
    forces.smuggler +
    forces.genericLeaders +
    forces.leaders.length
  );
}

function areaDetails(info, area) {
  const lines = [info.name ?? info.id, `${words(info.terrain)}${info.deep ? " (deep desert)" : ""}`];
  for (const forces of area.forces) {
    const count = figureCount(forces);
    if (!count) continue;
    const named = forces.leaders.map(name).join(", ");
    lines.push(
      `${name(forces.faction)}: ${forces.regular} regular, ${forces.elite} elite, ` +
        `${forces.special} special elite, ${forces.genericLeaders} generic leaders` +
        (forces.smuggler ? `, ${forces.smuggler} Smuggler Regulars` : "") +
        (named ? `; ${named}` : ""),
    );
  }
  if (area.tokens) {
    const kinds = area.tokenKinds ? ` (kinds ${area.tokenKinds.kinds.join(", ")})` : "";
    lines.push(`${area.tokens} face-down deployment token(s)${kinds}`);
  }
  if (area.settlement) lines.push(`Settlement (rank ${info.settlement?.rank ?? "?"})`);
  if (area.sietch) lines.push(`Sietch, rank ${area.sietch.rank ?? "hidden"}`);
  if (area.station) lines.push("Testing station");
  if (area.wormsign) lines.push("Wormsign (face down)");
  if (area.worm) lines.push(words(area.worm));
  if (area.harvester) lines.push("Harvester");
  if (area.desert) {
    const d = area.desert;
    if (d.suspensors) lines.push(`${d.suspensors} Suspensor Trooper(s)`);
    if (d.rockets) lines.push(`${d.rockets} Rocket Launcher(s)`);
    if (d.sandriders) lines.push(`${d.sandriders} Sandrider(s)`);
    if (d.escorts) lines.push(`${d.escorts} Escort Ornithopter(s)`);
    if (d.camp) lines.push(`Fremen Camp${d.campMarker ? ` (${words(d.campMarker)})` : ""}`);
  }
  if (area.smugglers?.harvester) lines.push("Smuggler harvester");
  if (area.smugglers?.base) lines.push("Smugglers Base");
  return lines.join("\n");
}

// The board's text, in the board's units (its viewBox is 1060 wide): the
// area's name and the lines under it. A line too wide for its cell is
// drawn smaller, down to MIN_TEXT_SIZE, then squeezed to the cell's width.
const TEXT_SIZE = { label: 13, harkonnen: 12.5, atreides: 12.5, hazard: 12 };
const MIN_TEXT_SIZE = 10;
const LINE_HEIGHT = 13.5;
// An average glyph's width, in ems, of the board's bold sans-serif text.
const GLYPH_WIDTH = 0.6;

// An unnamed area is shown by its id (s1_4), the spelling every view and
// action carries; a named one by its name, shortened.
function shortName(info) {
  if (info.name) return info.name.length > 13 ? `${info.name.slice(0, 12)}.` : info.name;
  return info.id;
}

/** One line of an area's text, made to fit `room`. */
function areaText(x, y, text, kind, room) {
  const natural = text.length * TEXT_SIZE[kind] * GLYPH_WIDTH;
  const size = natural > room ? Math.max(MIN_TEXT_SIZE, (TEXT_SIZE[kind] * room) / natural) : TEXT_SIZE[kind];
  const wide = text.length * size * GLYPH_WIDTH > room;
  return s(
    "text",
    {
      x: x.toFixed(1),
      y: y.toFixed(1),
      class: `t-${kind}`,
      style: `font-size:${size.toFixed(1)}px`,
      textLength: wide ? room.toFixed(1) : undefined,
      lengthAdjust: wide ? "spacingAndGlyphs" : undefined,
    },
    text,
  );
}

function drawArea(info, area, cell, atomics) {
  const [x, y] = cell.center;
  const terrain = atomics ? "desert" : info.terrain;
  const fill = terrain === "desert" && info.deep ? TERRAIN.deep : TERRAIN[terrain] ?? TERRAIN.desert;
  const [harkonnen, atreides] = [
    area.forces.find((f) => f.faction === "harkonnen"),
    area.forces.find((f) => f.faction === "atreides"),
  ];
  const marks = [];
  if (area.settlement) marks.push(`★${info.settlement?.rank ?? ""}`);
  if (area.sietch) marks.push(`▲${area.sietch.rank ?? "?"}`);
  if (area.station) marks.push("◆");
  if (area.smugglers?.base) marks.push("B");
  const hazards = [];
  if (area.worm) hazards.push(area.worm === "wild_maker" ? "WILD MAKER" : "WORM");
  if (area.wormsign) hazards.push("~sign");
  if (area.harvester) hazards.push("Hv");
  if (area.smugglers?.harvester) hazards.push("sHv");
  const d = area.desert;
  const atreidesLine = [
    figures(atreides),
    area.tokens ? `T${area.tokens}` : "",
    d?.rockets ? `${d.rockets}RL` : "",
    d?.sandriders ? `${d.sandriders}SR` : "",
    d?.camp ? "camp" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const harkonnenLine = [figures(harkonnen, d?.escorts), d?.suspensors ? `${d.suspensors}ST` : ""]
    .filter(Boolean)
    .join(" ");
  const lines = [
    [`${shortName(info)} ${marks.join(" ")}`.trim(), "label"],
    [harkonnenLine, "harkonnen"],
    [atreidesLine, "atreides"],
    [hazards.join(" "), "hazard"],
  ].filter(([text]) => text);
  const top = y - ((lines.length - 1) * LINE_HEIGHT) / 2;
  const room = Math.max(20, cell.width - 4);
  return s(
    "g",
    {
      class: `area${area.worm ? " has-worm" : ""}`,
      "data-area": info.id,
      "data-harkonnen": figureCount(harkonnen),
      "data-atreides": figureCount(atreides),
      "data-tokens": area.tokens,
    },
    s("title", {}, areaDetails(info, area)),
    s("path", { d: cell.path, fill, class: area.worm ? "cell worm" : "cell" }),
    lines.map(([text, kind], index) => areaText(x, top + index * LINE_HEIGHT, text, kind, room)),
  );
}

function board(view) {
  const areas = new Map(view.areas.map((area) => [area.area, area]));
  const svg = s("svg", {
    viewBox: "-30 -30 1060 1060",
    class: "arrakis-board",
    role: "img",
    "aria-label": "War for Arrakis board",
  });
  svg.append(s("circle", { cx: CENTER, cy: CENTER, r: 498, class: "board-edge" }));
  for (const info of data.areas) {
    const area = areas.get(info.id);
    if (!area) continue;
    const atomics = view.atomicsArea === info.id;
    if (info.id === "north_pole") {
      const cell = {
        path: `M${CENTER - POLE_RADIUS},${CENTER} a${POLE_RADIUS},${POLE_RADIUS} 0 1 0 ${2 * POLE_RADIUS},0 a${POLE_RADIUS},${POLE_RADIUS} 0 1 0 ${-2 * POLE_RADIUS},0 Z`,
        center: [CENTER, CENTER],
        width: 1.6 * POLE_RADIUS,
      };
      svg.append(drawArea(info, area, cell, atomics));
      continue;
    }
    const cell = LAYOUT[info.id];
    if (cell) svg.append(drawArea(info, area, cell, atomics));
  }
  for (const sector of data.sectors) {
    const radius = sector.ring === "outer" ? 512 : 292;
    const [x, y] = polar(radius, QUARTER[sector.position] + (sector.ring === "outer" ? 8 : 45));
    if (sector.ring === "outer") svg.append(s("text", { x, y, class: "sector-label" }, sector.id.toUpperCase()));
    else svg.append(s("text", { x, y: y + 4, class: "sector-label inner" }, sector.id.toUpperCase()));
  }
  const zones = new Map(view.zones.map((zone) => [zone.zone, zone.vehicle]));
  for (const zone of data.airZones) {
    const [x, y] = zonePosition(zone);
    const vehicle = zones.get(zone.id) ?? "";
    const [letter, colour] = VEHICLE[vehicle] ?? ["", "#345"];
    svg.append(
      s(
        "g",
        { class: "air-zone", "data-zone": zone.id, "data-vehicle": vehicle },
        s("title", {}, `Air zone ${zone.id.toUpperCase()}${zone.north_pole ? " (reaches the North Pole)" : ""}: ${vehicle ? words(vehicle) : "empty"}`),
        s("circle", { cx: x, cy: y, r: 20, class: vehicle ? "zone occupied" : "zone" }),
        s("text", { x, y: y - 5, class: "zone-id" }, zone.id.toUpperCase()),
        letter ? s("text", { x, y: y + 10, class: "zone-vehicle", fill: colour }, letter) : null,
      ),
    );
  }
  return svg;
}

function legend() {
  return h(
    "p",
    { class: "legend" },
    "Red line: Harkonnen, green: Atreides. r regular, e elite, s special elite, L leaders, sm Smuggler Regulars, ",
    "T face-down deployment tokens, ★ settlement (rank), ▲ sietch (rank, ? face down), ◆ testing station, ",
    "WORM sandworm, ~sign wormsign, Hv harvester, ST Suspensor Troopers, RL Rocket Launchers, SR Sandriders, ",
    "B Smugglers Base. Air zones: O ornithopter, C carryall, E escort, SC/SO Smuggler carryall/ornithopter. ",
    "Hover an area for everything in it. The layout is schematic: each area in its own sector and ring, near the areas it borders.",
  );
}

function houses(view) {
  return view.houses.map((house) => {
    const hand = house.hand
      ? [
          h("ol", { "data-hand": house.faction }, house.hand.cards.map((card) => h("li", {}, name(card)))),
          house.hand.cards.length ? null : h("p", { class: "hidden-info" }, "no cards"),
        ]
      : h("p", { class: "hidden-info" }, `${house.handSize} card(s), hidden`);
    const dice = house.dice.filter((die) => die.count > 0);
    const section = panel(
      name(house.faction),
      facts([
        ["Cards in hand", house.handSize, { "data-hand-size": house.handSize }],
        ["House deck / ally deck", `${house.houseDeckSize} / ${house.allyDeckSize}`],
        [
          "Unspent dice",
          dice.length
            ? h("span", { class: "dice" }, dice.map((die) => h("span", { class: "die" }, `${die.count}× ${words(die.result)}`)))
            : "none",
        ],
        ["Supply", `${house.supplyRegular} regular, ${house.supplyElite} elite, ${house.supplySpecial} special`],
        ["Bene Gesserit tokens", house.beneGesserit],
        house.supplySmuggler ? ["Smuggler Regulars in supply", house.supplySmuggler] : null,
      ]),
      h("h4", {}, "Hand"),
      hand,
      house.foresee ? h("p", {}, `Foreseen (top first): ${house.foresee.cards.map(name).join(", ")}`) : null,
    );
    section.dataset.house = house.faction;
    section.classList.add(`house-${house.faction}`);
    return section;
  });
}

const MARKER_SHORT = { choam: "CHOAM", spacing_guild: "Guild", landsraad: "Landsr." };

function spiceMustFlow(view) {
  const rows = data.spiceMustFlow.rows;
  const table = h(
    "table",
    { class: "grid" },
    h("tr", {}, h("th", {}, "Row"), h("th", {}, "Dice"), h("th", { title: "Harvesters" }, "Hv"), h("th", { title: "Ornithopters" }, "Or"), h("th", { title: "Carryalls" }, "Ca"), ...view.imperium.map((m) => h("th", { title: name(m.marker) }, MARKER_SHORT[m.marker] ?? name(m.marker)))),
    rows.map((row, index) =>
      h(
        "tr",
        {},
        h("td", {}, index),
        h("td", {}, row.dice),
        h("td", {}, row.harvesters),
        h("td", {}, row.ornithopters),
        h("td", {}, row.carryalls),
        view.imperium.map((marker) =>
          h(
            "td",
            { class: marker.row === index ? "marker" : "" },
            marker.row === index ? (marker.banned ? "● ban" : "●") : "",
          ),
        ),
      ),
    ),
  );
  return panel(
    "The Spice Must Flow",
    table,
    facts([
      ["Supremacy", `${view.supremacy} / ${data.tracks.supremacy_win}`, { "data-supremacy": view.supremacy }],
      ["Spice saved", view.spiceSaved],
      ["Sandworms off the board", view.wormsOff],
      view.desertWar ? ["Desert War tokens on the board", view.desertWar.tokensOnBoard] : null,
    ]),
  );
}

function prescience(view) {
  const max = data.tracks.prescience_max;
  const steps = Array.from({ length: max + 1 }, (_, step) => step);
  const objective = (objective) =>
    objective ? `Kwisatz Haderach ${objective.kwisatzHaderach}, Sand Dwellers ${objective.sandDwellers}, Jihad ${objective.jihad}` : null;
  return panel(
    "Prescience track",
    h(
      "table",
      { class: "grid track" },
      h("tr", {}, h("th", {}, ""), steps.map((step) => h("th", {}, step))),
      view.prescience.map((marker) =>
        h(
          "tr",
          { "data-prescience": marker.marker, "data-step": marker.step },
          h("th", {}, name(marker.marker)),
          steps.map((step) => h("td", { class: step === marker.step ? "marker" : "" }, step === marker.step ? "●" : "")),
        ),
      ),
    ),
    facts([
      ["Revealed prescience cards", view.revealed.length ? view.revealed.map(name).join(", ") : "none"],
      ["Claimed this round", view.claimedThisRound],
      view.objective ? ["Secret objective", objective(view.objective)] : null,
      view.objective2 ? ["Second objective", objective(view.objective2)] : null,
      view.smugglers ? ["Smugglers", `${words(view.smugglers.standing)}; Staban Tuek at step ${view.smugglers.stabanStep}`] : null,
    ]),
  );
}

function leaders(view) {
  const byPlace = {};
  for (const leader of view.leaders) {
    const where =
      leader.place === "board"
        ? `on the board (${name(leader.area)})`
        : leader.place === "tank"
          ? `regeneration tank, box ${leader.tankBox + 1}`
          : words(leader.place);
    (byPlace[leader.place] ??= []).push(h("li", {}, `${name(leader.leader)}: ${where}${leader.spent ? ", card spent" : ""}`));
  }
  return panel(
    "Leaders",
    ["board", "set_aside", "tank", "removed"].filter((place) => byPlace[place]).map((place) => h("ul", { class: "compact" }, byPlace[place])),
  );
}

function expansions(view) {
  const parts = [];
  if (view.desertWar) {
    const d = view.desertWar;
    parts.push(
      panel(
        "Desert War",
        facts([
          ["Harkonnen supply", `${d.escorts} Escort Ornithopters, ${d.suspensors} Suspensor Troopers`],
          ["Atreides supply", `${d.sandriders} Sandriders, ${d.rockets} Rocket Launchers`],
          ["Camps off the board", d.campTokens + (d.campTokenMarkers.length ? ` (${d.campTokenMarkers.map(name).join(", ")})` : "")],
          ["Sandriders card", d.sandridersCardSpent ? "spent" : "ready"],
        ]),
      ),
    );
  }
  if (view.smugglers) {
    const m = view.smugglers;
    parts.push(
      panel(
        "Smugglers",
        facts([
          ["Standing", words(m.standing)],
          ["Regulars waiting", m.regularsWaiting],
          ["Ornithopters on their board", m.thopters],
          ["Harvesters in the game", m.harvestersInGame],
          ["Carryall in the game", m.carryallInGame ? "yes" : "no"],
          ["Base", m.base ? name(m.base) : "not placed"],
          ["Smugglers die", m.die ? words(m.die) : "none"],
        ]),
      ),
    );
  }
  return parts;
}

/** The whole Arrakis view: status, board, dashboards. */
export function renderArrakis(view) {
  const a = view.game.value;
  const prompt = a.prompt;
  const status = panel(
    `Round ${a.round}, ${words(a.phase)}`,
    facts([
      ["Waiting on", prompt && prompt.kind !== "none" ? `${prompt.seat === undefined ? "" : seatName(prompt.seat) + ": "}${words(prompt.kind)}` : "nobody"],
      a.resolving ? ["Resolving", name(a.resolving.card || a.resolving.leader)] : null,
      a.winner ? ["Winner", name(a.winner)] : null,
    ]),
  );
  return h(
    "div",
    { class: "arrakis" },
    h("div", { class: "board-column" }, board(a), legend()),
    h("div", { class: "side-column" }, status, houses(a), spiceMustFlow(a), prescience(a), leaders(a), expansions(a)),
  );
}

/** Seat 0 is always House Harkonnen, seat 1 House Atreides. */
export function seatName(seat) {
  return seat === 0 ? "Harkonnen (seat 0)" : seat === 1 ? "Atreides (seat 1)" : `seat ${seat}`;
}
