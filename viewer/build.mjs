// Builds dist/viewer.js, the one script the viewer page loads:
//  1. buf generates protobuf-es code from the repository's proto/ into gen/
//     (buf.gen.yaml; never edited by hand, not committed);
//  2. the names and board layout the viewer shows are read from the
//     repository's data/ into gen/data.js (ids to names, areas with their
//     sector and terrain, Imperium board spaces);
//  3. esbuild bundles src/main.js with them, @bufbuild/protobuf and
//     @connectrpc/connect-web into one classic script (an IIFE): a page
//     opened from disk (file://) may load a classic script but no ES
//     module, so the viewer works without a server for its files.
// Run it after changing proto/, data/ or src/: `npm ci && npm run build`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const data = join(here, "..", "data");

execFileSync(join(here, "node_modules", ".bin", "buf"), ["generate"], {
  cwd: here,
  stdio: "inherit",
});

const read = (game, file) =>
  JSON.parse(readFileSync(join(data, game, file), "utf8"));

// Every object with a string `id` and a string `name`, anywhere in a file.
function names(value, into = {}) {
  if (Array.isArray(value)) {
    value.forEach((item) => names(item, into));
  } else if (value && typeof value === "object") {
    if (typeof value.id === "string" && typeof value.name === "string") {
      into[value.id] ??= value.name;
    }
    Object.values(value).forEach((item) => names(item, into));
  }
  return into;
}

const arrakisBoard = read("arrakis", "board.json");

// The board's data has no coordinates, only sectors, rings and borders. The
// viewer draws each sector as ROWS bands of cells in its quarter of its
// ring; this picks which area goes in which cell so that bordering areas
// sit near each other: a deterministic spring layout (borders pull, areas
// of a sector push apart, every area held inside its sector's wedge), then
// each sector's areas are cut into bands by radius and ordered by angle.
const ROWS = 3;
const QUARTER = { NE: -90, SE: 0, SW: 90, NW: 180 };
const RINGS = { inner: [94, 300], outer: [306, 496] };
function layout(board) {
  const sectors = Object.fromEntries(board.sectors.map((sector) => [sector.id, sector]));
  const areas = board.areas.filter((area) => area.id !== board.north_pole);
  const point = {};
  for (const sector of board.sectors) {
    const members = areas.filter((area) => area.sector === sector.id);
    const [inner, outer] = RINGS[sector.ring];
    members.forEach((area, index) => {
      const radius = inner + ((index % ROWS) + 0.5) * ((outer - inner) / ROWS);
      const angle = QUARTER[sector.position] + ((Math.floor(index / ROWS) + 0.5) * 90) / Math.ceil(members.length / ROWS);
      point[area.id] = [radius * Math.cos((angle * Math.PI) / 180), radius * Math.sin((angle * Math.PI) / 180)];
    });
  }
  point[board.north_pole] = [0, 0];
  const polar = ([x, y]) => [Math.hypot(x, y), (Math.atan2(y, x) * 180) / Math.PI];
  for (let round = 0; round < 600; round++) {
    const move = Object.fromEntries(areas.map((area) => [area.id, [0, 0]]));
    for (const area of areas) {
      const [x, y] = point[area.id];
      for (const other of area.borders) {
        const [ox, oy] = point[other];
        move[area.id][0] += (ox - x) * 0.02;
        move[area.id][1] += (oy - y) * 0.02;
      }
      for (const other of areas) {
        if (other === area || other.sector !== area.sector) continue;
        const [ox, oy] = point[other.id];
        const distance = Math.hypot(x - ox, y - oy) || 0.01;
        if (distance < 90) {
          move[area.id][0] += ((x - ox) / distance) * (90 - distance) * 0.05;
          move[area.id][1] += ((y - oy) / distance) * (90 - distance) * 0.05;
        }
      }
    }
    for (const area of areas) {
      const sector = sectors[area.sector];
      const [inner, outer] = RINGS[sector.ring];
      let [radius, angle] = polar([point[area.id][0] + move[area.id][0], point[area.id][1] + move[area.id][1]]);
      const start = QUARTER[sector.position];
      let offset = (((angle - start) % 360) + 360) % 360;
      if (offset > 90) offset = offset > 225 ? 2 : 88;
      offset = Math.min(88, Math.max(2, offset));
      radius = Math.min(outer - 5, Math.max(inner + 5, radius));
      angle = start + offset;
      point[area.id] = [radius * Math.cos((angle * Math.PI) / 180), radius * Math.sin((angle * Math.PI) / 180)];
    }
  }
  const bands = {};
  for (const sector of board.sectors) {
    const start = QUARTER[sector.position];
    const placed = areas
      .filter((area) => area.sector === sector.id)
      .map((area) => {
        const [radius, angle] = polar(point[area.id]);
        return { id: area.id, radius, offset: (((angle - start) % 360) + 360) % 360 };
      })
      .sort((a, b) => a.radius - b.radius || a.id.localeCompare(b.id));
    // The viewer's bands have equal areas (src/arrakis.js), so a band's
    // arc grows with its radius: each band takes areas in proportion to
    // its middle radius, and the band nearest the pole the fewest, so its
    // cells are not slivers. Every band keeps at least one area.
    const [inner, outer] = RINGS[sector.ring];
    const edge = (row) => Math.sqrt(inner * inner + ((outer * outer - inner * inner) * row) / ROWS);
    const middles = Array.from({ length: ROWS }, (_, row) => (edge(row) + edge(row + 1)) / 2);
    const total = middles.reduce((sum, middle) => sum + middle, 0);
    const counts = middles.map((middle) => Math.max(1, Math.round((placed.length * middle) / total)));
    counts[ROWS - 1] = placed.length - counts.slice(0, -1).reduce((sum, count) => sum + count, 0);
    let from = 0;
    bands[sector.id] = counts
      .map((count) => {
        const band = placed.slice(from, from + count);
        from += count;
        return band.sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id)).map((area) => area.id);
      })
      .filter((band) => band.length);
  }
  return bands;
}

const arrakis = {
  bands: layout(arrakisBoard),
  sectors: arrakisBoard.sectors,
  airZones: arrakisBoard.air_zones,
  areas: arrakisBoard.areas.map((area) => ({
    id: area.id,
    name: area.name,
    sector: area.sector,
    terrain: area.terrain,
    deep: Boolean(area.deep_desert),
    settlement: area.settlement ?? null,
  })),
  names: Object.assign(
    {},
    ...["leaders.json", "cards.json", "tables.json", "desert_war.json", "smugglers.json"].map(
      (file) => names(read("arrakis", file)),
    ),
  ),
  spiceMustFlow: read("arrakis", "tables.json").spice_must_flow,
  tracks: read("arrakis", "tables.json").tracks,
};
const imperiumBoard = read("imperium", "board.json");
const imperium = {
  spaces: imperiumBoard.spaces.map((space) => ({
    id: space.id,
    name: space.name,
    icon: space.icon,
    faction: space.faction,
    combat: space.combat_space,
    maker: space.maker_space,
  })),
  factions: Object.keys(imperiumBoard.faction_tracks),
  names: Object.assign(
    {},
    ...["board.json", "cards.json", "conflicts.json", "hagal.json", "intrigue.json", "leaders.json"].map(
      (file) => names(read("imperium", file)),
    ),
  ),
};
mkdirSync(join(here, "gen"), { recursive: true });
writeFileSync(
  join(here, "gen", "data.js"),
  `// Generated by build.mjs from data/; do not edit.\nexport const arrakis = ${JSON.stringify(arrakis)};\nexport const imperium = ${JSON.stringify(imperium)};\n`,
);

await esbuild.build({
  entryPoints: [join(here, "src", "main.js")],
  bundle: true,
  format: "iife",
  globalName: "melangeViewer",
  target: ["chrome100", "firefox100", "safari15"],
  minify: true,
  legalComments: "eof",
  banner: {
    js: "// melange viewer, built by viewer/build.mjs from viewer/src, proto/ and data/\n// with @bufbuild/protobuf and @connectrpc/connect-web (Apache-2.0). Do not edit.",
  },
  outfile: join(here, "dist", "viewer.js"),
  logLevel: "info",
});
