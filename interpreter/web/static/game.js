// One page for the three views: /watch/ID (a bots' game, live), /play/ID?seat=N (a person's
// seat) and /replay/ID (a save, step by step). Everything drawn comes from the JSON the server
// sends for this viewer: the seat's view() of the position, the names of its ids, the log.
"use strict";
const $ = (id) => document.getElementById(id);
const [, mode, id] = location.pathname.split("/");
const params = new URLSearchParams(location.search);
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const POLL_MS = Number(params.get("poll") || 400);
const api = mode === "replay" ? `/api/replays/${id}` : `/api/games/${id}`;
let data = null;      // the last answer of the server
let log = [];         // live games: the log so far (fetched in pieces)
let busy = false;     // an answer is on its way
let timer = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function showError(text) { $("error").textContent = text || ""; }

async function call(url, options) {
  const response = await fetch(url, options);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

// -- words -----------------------------------------------------------------------------------
const label = (value) => (data.labels[value] || String(value));
const short = (value) => label(value).split(": ")[0];
const colorOf = (s) => data.view.players[s].color;
const seatName = (s) => `${colorOf(s)} (${String.fromCharCode(65 + s)})`;

function chip(s) {
  return el("span", {class: `chip c-${colorOf(s)}`, "data-seat": s}, seatName(s));
}

function item(value, extra) {
  return el("span", {class: "item", title: label(value), "data-id": value}, short(value), extra || "");
}

function pile(value) {
  if (value === null || value === undefined) return el("span", {class: "dim"}, "?");
  if (typeof value === "number") return el("span", {class: "hidden-count"}, `${value} hidden`);
  if (!Array.isArray(value)) return item(value);
  if (value.length === 0) return el("span", {class: "dim"}, "–");
  return value.map((v) => item(v));
}

// -- the board -------------------------------------------------------------------------------
function board() {
  const v = data.view, layout = data.layout, words = layout.words;
  const parts = [];
  const garments = el("div", {class: "display", id: "garment-display"},
    el("h3", {}, "Garment display"),
    v.garment_display.map((g, i) => el("div", {class: "slot"},
      el("span", {class: "cost"}, `${layout.garment_costs[i] ?? ""}`), g ? item(g) : el("span", {class: "dim"}, "–"))));
  const drawers = el("div", {class: "display", id: "drawers"}, el("h3", {}, "Resource drawers"),
    v.drawers.map((d, i) => el("div", {class: "slot"}, el("span", {class: "cost"}, `${i + 1}`),
      d.map((t) => t ? item(t) : el("span", {class: "dim"}, "–")))));
  const hire = el("div", {class: "display", id: "hire-display"}, el("h3", {}, "Employees for hire"),
    v.hire_display.map((c) => el("div", {class: "slot"}, c ? item(c) : el("span", {class: "dim"}, "–"))),
    el("div", {class: "dim"}, `deck: ${Array.isArray(v.hire_deck) ? v.hire_deck.length : v.hire_deck}`));
  parts.push(el("div", {class: "row"}, garments, drawers, hire));

  const halls = el("div", {class: "halls", id: "halls"});
  for (const hall of layout.halls) {
    const musician = v.decorations[hall.musician];
    halls.append(el("div", {class: "hall", "data-hall": hall.id},
      el("h3", {}, hall.name, el("span", {class: "dim"}, ` ${hall.majority.join("/")}`)),
      el("div", {class: "spaces"}, hall.spaces.map((space) => {
        const guest = v.guests[space.id];
        return guest
          ? el("span", {class: `space taken c-${colorOf(guest.owner)}`, title: `${label(guest.garment)} — ${seatName(guest.owner)}`,
                        "data-space": space.id, "data-owner": guest.owner}, space.master ? "M " : "", short(guest.garment).split(" [")[0])
          : el("span", {class: "space" + (space.master ? " master" : ""), title: space.label,
                        "data-space": space.id}, space.master ? "M" : "·");
      })),
      el("div", {class: "musician"}, "musician: ", musician === undefined ? el("span", {class: "dim"}, "–") : chip(musician))));
  }
  parts.push(halls);

  const decos = el("div", {class: "decorations", id: "decorations"}, el("h3", {}, "Decorations"));
  const byArea = {};
  for (const d of layout.decorations.filter((d) => !d.musician)) (byArea[d.area] ||= []).push(d);
  for (const [area, list] of Object.entries(byArea)) {
    decos.append(el("div", {class: "area"}, el("span", {class: "area-name"}, area),
      list.map((d) => {
        const owner = v.decorations[d.id];
        return el("span", {class: "deco" + (owner === undefined ? "" : ` taken c-${colorOf(owner)}`),
                           title: d.label, "data-space": d.id}, d.label.split(" (")[0]);
      })));
  }
  parts.push(decos);
  for (const zone of layout.zones) {
    parts.push(el("div", {class: "zone"}, el("b", {}, zone.name + ": "), pile(v.zones[zone.id])));
  }

  const table = el("table", {id: "players"}, el("tr", {},
    ["player", words.livre, words.prestige, words.thread, words.lace, "tiles", "hand", "supply", "played", "discard",
     ...(layout.player_zones || []).map((z) => z.name)]
      .map((h) => el("th", {}, h))));
  for (const p of v.players) {
    const mark = p.seat === seat ? " (you)" : "";
    table.append(el("tr", {"data-seat": p.seat, class: p.seat === seat ? "me" : null},
      el("td", {}, chip(p.seat), mark, data.seats[p.seat].by ? el("span", {class: "dim"}, ` ${data.seats[p.seat].by}`) : ""),
      ["livre", "prestige", "thread", "lace"].map((k) => el("td", {"data-key": k, class: "num"}, p[k] === null ? "?" : p[k])),
      el("td", {"data-key": "tiles"}, pile(p.tiles)),
      el("td", {"data-key": "hand"}, pile(p.hand)),
      el("td", {"data-key": "supply"}, pile(p.supply)),
      el("td", {"data-key": "played"}, p.played ? item(p.played) : el("span", {class: "dim"}, "–")),
      el("td", {"data-key": "discard", title: p.discard.map(label).join("\n")}, `${p.discard.length}`),
      (layout.player_zones || []).map((z) => el("td", {"data-key": z.id}, pile((p.zones || {})[z.id])))));
  }
  parts.push(table);
  $("board").replaceChildren(...parts);
}

// -- the decision, the end, the log, the trace -------------------------------------------------
function decision() {
  const pending = data.view.pending;
  const mine = mode === "play" && pending && pending.seat === seat && pending.options;
  $("decision").hidden = !mine;
  if (!mine) return;
  $("prompt").textContent = pending.prompt;
  $("options").replaceChildren(...pending.options.map((o, i) =>
    el("button", {class: "option", "data-index": i, disabled: busy, onclick: () => answer(i)}, o.label)));
}

async function answer(index) {
  busy = true;
  decision();
  try {
    await call(`${api}/answer`, {method: "POST", headers: {"Content-Type": "application/json"},
                                 body: JSON.stringify({seat, option: index, version: data.version})});
    showError("");
  } catch (error) { showError(error.message); }
  busy = false;
  decision();
  await refresh();
}

function status() {
  const v = data.view;
  const pending = v.pending;
  const text = [`Round ${v.round} of ${data.layout.rounds}`];
  if (data.over) {
    const best = data.standings[0];
    text.push(`game over: ${seatName(best.seat)} wins with ${best.prestige} prestige`);
  } else if (pending) {
    text.push(pending.seat === seat ? "your decision" : `${seatName(pending.seat)} decides`);
  }
  if (data.fault) text.push(`stopped: ${data.fault}`);
  $("status").textContent = text.join(" · ");
  $("status").dataset.over = data.over;
  $("status").dataset.version = data.version;
  $("mode").textContent = mode === "play" ? `playing ${seatName(seat)}` : mode;
}

function final() {
  $("final").hidden = !data.over;
  if (!data.over) return;
  const steps = Object.keys(data.standings[0].score);
  const rows = data.standings.map((r, i) => el("tr", {"data-seat": r.seat},
    el("td", {}, i + 1), el("td", {}, chip(r.seat)),
    steps.map((s) => el("td", {class: "num"}, r.score[s] ?? 0)),
    el("td", {class: "num", "data-key": "prestige"}, el("b", {}, r.prestige)),
    el("td", {class: "num", "data-key": "livre"}, r.livre)));
  const children = [el("h2", {}, "Final scoring"),
    el("table", {id: "standings"}, el("tr", {}, ["rank", "player", ...steps, "prestige", "livre"].map((h) => el("th", {}, h))), rows)];
  if (mode !== "replay") {
    children.push(el("button", {id: "to-replay", onclick: async () => {
      try { location.href = (await call(`${api}/replay`, {method: "POST"})).url; } catch (e) { showError(e.message); }
    }}, "replay this game"));
  }
  $("final").replaceChildren(...children);
}

// A prompt before `: ` and its answer: one that ends with a rule's sentence loses its full stop
// (as the terminal's log, ui/render.py's unstopped), not to read "Thread.: use the bonus".
function lead(prompt) {
  return prompt.endsWith(".") && !prompt.endsWith("..") ? prompt.slice(0, -1) : prompt;
}

function renderLog() {
  const list = $("log");
  const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  const entries = mode === "replay" ? data.log : log;
  const items = [el("li", {class: "entry", "data-n": 0}, el("span", {class: "dim"}, "set-up"),
                       el("button", {class: "why", onclick: () => explain(0)}, "explain"))];
  let round = null;
  for (const e of entries) {
    if (e.round !== round) { round = e.round; items.push(el("li", {class: "round"}, `Round ${round}`)); }
    items.push(el("li", {class: "entry", "data-n": e.n},
      el("span", {class: "n"}, `${e.n}.`), chip(e.seat), " ",
      e.prompt ? [el("span", {class: "prompt"}, `${lead(e.prompt)}: `), el("b", {}, e.answer)] : el("span", {class: "dim"}, e.kind),
      el("button", {class: "why", title: "the changes this made, each with its rule", onclick: () => explain(e.n)}, "explain"),
      e.changes.length ? el("ul", {class: "changes"}, e.changes.map((c) => el("li", {}, c))) : ""));
  }
  list.replaceChildren(...items);
  if (stick || mode !== "replay") list.scrollTop = list.scrollHeight;
}

async function explain(n) {
  const who = seat === null ? "" : `&seat=${seat}`;
  try {
    const trace = await call(`${api}/explain?n=${n}${who}`);
    $("explain").hidden = false;
    $("explain-title").textContent = n === 0 ? "Set-up, explained" : `Answer ${n}, explained`;
    $("explain-list").replaceChildren(...trace.changes.map((c) => c.withheld
      ? el("li", {class: "dim"}, `${c.withheld} change${c.withheld > 1 ? "s" : ""} you may not see`)
      : el("li", {}, el("code", {}, c.where || "engine"), ` ${c.owner}: `, c.text,
           c.source ? el("div", {class: "source"}, c.source) : "")));
    $("explain").scrollIntoView({block: "nearest"});
  } catch (error) { showError(error.message); }
}

// -- replay controls -------------------------------------------------------------------------
function controls() {
  if (mode !== "replay") return;
  $("replay-controls").hidden = false;
  $("steps").textContent = data.steps;
  $("step").value = data.step;
  $("step").max = data.steps;
  const select = $("round");
  if (select.options.length !== data.rounds.length) {
    select.replaceChildren(...data.rounds.map((r) => new Option(`${r.round}`, `${r.step}`)));
  }
  const current = data.rounds.filter((r) => r.step <= data.step).pop();
  select.value = String(current.step);
}

async function go(step) {
  await refresh(Math.max(0, Math.min(step, data.steps)));
}
$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(data.step - 1));
$("forward").addEventListener("click", () => go(data.step + 1));
$("last").addEventListener("click", () => go(data.steps));
$("step").addEventListener("change", () => go(Number($("step").value)));
$("round").addEventListener("change", () => go(Number($("round").value)));
document.addEventListener("keydown", (event) => {
  if (mode !== "replay" || event.target.tagName === "INPUT") return;
  if (event.key === "ArrowRight") go(data.step + 1);
  if (event.key === "ArrowLeft") go(data.step - 1);
});

// -- fetching ----------------------------------------------------------------------------------
async function refresh(step) {
  clearTimeout(timer);
  let url = api;
  if (mode === "replay") {
    if (step !== undefined) url += `?step=${step}`;
  } else {
    url += `?since=${log.length}` + (seat === null ? "" : `&seat=${seat}`);
  }
  try {
    const fresh = await call(url);
    // two polls may cross (a timer's and an answer's): keep each log entry once, and never
    // draw an older position over a newer one
    const stale = mode !== "replay" && data && fresh.version < data.version;
    if (mode !== "replay") {
      const last = log.length ? log[log.length - 1].n : 0;
      log = log.concat(fresh.log.filter((e) => e.n > last));
    }
    if (!stale) {
      const changed = !data || fresh.version !== data.version || fresh.over !== data.over;
      data = fresh;
      if (changed) { board(); renderLog(); final(); decision(); }
      status(); controls();
    }
  } catch (error) { showError(error.message); }
  clearTimeout(timer);
  if (mode !== "replay" && !(data && (data.over || data.fault))) timer = setTimeout(refresh, POLL_MS);
}

refresh();
