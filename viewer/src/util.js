// Small DOM helpers: every text goes in through textContent, never HTML.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A data id in words: its name from data/ when known, else "sihaya_ridge" -> "Sihaya Ridge". */
export function words(id, names = {}) {
  if (!id) return "";
  if (names[id]) return names[id];
  return id
    .split("_")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

/** A titled panel. */
export function panel(title, ...children) {
  return h("section", { class: "panel" }, h("h3", {}, title), ...children);
}

/** A two-column table of label/value rows. */
export function facts(rows) {
  return h(
    "table",
    { class: "facts" },
    rows
      .filter((row) => row)
      .map(([label, value, attrs]) => h("tr", attrs ?? {}, h("th", {}, label), h("td", {}, value))),
  );
}
