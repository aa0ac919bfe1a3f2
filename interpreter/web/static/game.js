// One page for the three views: /watch/ID (open information only, live), /play/ID?token=T (a
// person's seat, opened by its secret link) and /replay/ID (a save, step by step). Everything
// drawn comes from the JSON the server sends for this viewer: the seat's view() of the
// position, the names of its ids, the log in sentences. A live page hears of every change
// through the game's event stream (server-sent events) and then asks for the news.
"use strict";
const $ = (id) => document.getElementById(id);
const [, mode, id] = location.pathname.split("/");
const params = new URLSearchParams(location.search);
const token = params.get("token");
const POLL_MS = Number(params.get("poll") || 5000);  // a slow check besides the events
const api = mode === "replay" ? `/api/replays/${id}` : `/api/games/${id}`;
const who = token ? `token=${encodeURIComponent(token)}` : "";
let data = null;      // the last answer of the server
let log = [];         // live games: the log so far (fetched in pieces)
let epoch = 0;        // moves taken back so far: another count means the log is refetched
let busy = false;     // an answer is on its way
let timer = null;
let seat = null;      // the seat this page plays (from the server: the token's seat)

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

const post = (url, body) => call(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                       body: JSON.stringify(body)});
const query = (url, extra) => [url, [who, extra].filter(Boolean).join("&")].filter(Boolean).join("?");

// -- words -----------------------------------------------------------------------------------
const label = (value) => (data.labels[value] || String(value));
const short = (value) => label(value).split(": ")[0];
const colorOf = (s) => data.view.players[s].color;
const seatName = (s) => data.seats[s].who;

function chip(s) {
  return el("span", {class: `chip c-${colorOf(s)}`, "data-seat": s}, seatName(s));
}

function item(value, extra) {
  return el("span", {class: "item", title: label(value), "data-id": value}, label(value), extra || "");
}

// A card with its text on it: its name and level on top, its bonus below.
function card(value) {
  if (!value) return el("span", {class: "dim"}, "–");
  const text = label(value);
  const cut = text.indexOf(": ");
  return el("div", {class: "card", "data-id": value},
    el("b", {}, cut < 0 ? text : text.slice(0, cut)),
    cut < 0 ? "" : el("div", {class: "card-text"}, text.slice(cut + 2)));
}

function pile(value, cards) {
  if (value === null || value === undefined) return el("span", {class: "dim"}, "?");
  if (typeof value === "number") return el("span", {class: "hidden-count"}, `${value} hidden`);
  if (!Array.isArray(value)) return cards ? card(value) : item(value);
  if (value.length === 0) return el("span", {class: "dim"}, "–");
  return value.map((v) => (cards ? card(v) : item(v)));
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
    el("div", {class: "cards"}, v.hire_display.map((c) => card(c))),
    el("div", {class: "dim"}, `deck: ${Array.isArray(v.hire_deck) ? v.hire_deck.length : v.hire_deck}`));
  parts.push(el("div", {class: "row"}, garments, drawers, hire));
  for (const d of layout.displays || []) {
    const slots = (v.displays || {})[d.id] || [];
    parts.push(el("div", {class: "display wide", id: `display-${d.id}`}, el("h3", {}, d.name),
      slots.map((x, i) => el("div", {class: "slot"}, el("span", {class: "cost"}, `${d.prices[i] ?? ""}`),
        x ? item(x) : el("span", {class: "dim"}, "–")))));
  }

  const halls = el("div", {class: "halls", id: "halls"});
  const decoById = Object.fromEntries(layout.decorations.map((d) => [d.id, d]));
  for (const hall of layout.halls) {
    const musician = v.decorations[hall.musician];
    const m = decoById[hall.musician];
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
      el("div", {class: "musician"}, "musician ", m ? el("span", {class: "price"}, `${m.cost} ${words.livre} → ${m.prestige} ${words.prestige}`) : "", " ",
         musician === undefined ? el("span", {class: "dim"}, "free") : chip(musician))));
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
                           title: d.label, "data-space": d.id},
          d.name, el("span", {class: "price"}, ` · ${d.cost} ${words.livre} → ${d.prestige} ${words.prestige}${d.multiplier ? `, ×${d.multiplier}` : ""}`),
          owner === undefined ? "" : ` · ${seatName(owner)}`);
      })));
  }
  parts.push(decos);
  const balcony = Object.entries(v.balcony || {});
  parts.push(el("div", {class: "decorations", id: "balcony"}, el("h3", {}, layout.balcony),
    balcony.length === 0 ? el("span", {class: "dim"}, "nobody yet (the garments of the Royal Hall come here at the end)")
      : balcony.map(([space, guest]) => el("div", {class: "slot", "data-space": space},
          el("span", {class: "cost"}, `×${(decoById[space] || {}).multiplier || 1}`),
          el("span", {class: `space taken c-${colorOf(guest.owner)}`, "data-owner": guest.owner}, label(guest.garment)),
          el("span", {class: "dim"}, ` ${short(space)} · ${seatName(guest.owner)}`)))));
  for (const zone of layout.zones) {
    parts.push(el("div", {class: "zone"}, el("b", {}, zone.name + ": "), pile(v.zones[zone.id])));
  }

  const counters = Object.keys(layout.counters || {});
  const heads = ["player", words.livre, words.prestige, words.thread, words.lace, "tiles", "hand", "supply", "played", "discard",
    ...(layout.components || []).map((k) => k.name), ...(counters.length ? ["other"] : []),
    ...(layout.player_zones || []).map((z) => z.name)];
  const table = el("table", {id: "players"}, el("tr", {}, heads.map((h) => el("th", {}, h))));
  for (const p of v.players) {
    const mark = p.seat === seat ? " (you)" : "";
    const others = counters.filter((k) => p[k] === null || p[k]).map((k) => `${p[k] === null ? "?" : p[k]} ${layout.counters[k]}`);
    table.append(el("tr", {"data-seat": p.seat, class: p.seat === seat ? "me" : null},
      el("td", {}, chip(p.seat), mark, data.seats[p.seat].by ? el("span", {class: "dim"}, ` ${data.seats[p.seat].by}`) : ""),
      ["livre", "prestige", "thread", "lace"].map((k) => el("td", {"data-key": k, class: "num"}, p[k] === null ? "?" : p[k])),
      el("td", {"data-key": "tiles"}, pile(p.tiles)),
      el("td", {"data-key": "hand"}, pile(p.hand, true)),
      el("td", {"data-key": "supply"}, pile(p.supply)),
      el("td", {"data-key": "played"}, p.played ? card(p.played) : el("span", {class: "dim"}, "–")),
      el("td", {"data-key": "discard", title: p.discard.map(label).join("\n")}, `${p.discard.length}`),
      (layout.components || []).map((k) => el("td", {"data-key": k.id}, pile((p.owned || {})[k.id]))),
      counters.length ? el("td", {"data-key": "other"}, others.join(", ") || "–") : "",
      (layout.player_zones || []).map((z) => el("td", {"data-key": z.id}, pile((p.zones || {})[z.id])))));
  }
  parts.push(el("div", {class: "scroll"}, table));
  $("board").replaceChildren(...parts);
}

// -- the decision, taking back, the end, the log, the trace ------------------------------------
function mine() {
  const pending = data.view.pending;
  return mode === "play" && pending && pending.seat === seat && pending.options ? pending : null;
}

function decision() {
  const pending = mine();
  $("decision").hidden = !pending;
  if (!pending) return;
  $("prompt").textContent = pending.prompt;
  const choices = pending.choices || pending.options.map((o, i) => ({index: i, label: o.label, same: 1}));
  $("options").replaceChildren(...choices.map((c) =>
    el("button", {class: "option", "data-index": c.index, disabled: busy || !!data.undo, onclick: () => answer(c.index)},
      c.label, c.same > 1 ? el("span", {class: "dim"}, ` (×${c.same}, identical)`) : "")));
}

async function answer(index) {
  busy = true;
  decision();
  try {
    await post(`${api}/answer`, {token, option: index, version: data.version});
    showError("");
  } catch (error) { showError(error.message); }
  busy = false;
  await refresh();
}

async function act(url, body) {
  try { await post(url, {token, ...body}); showError(""); } catch (error) { showError(error.message); }
  await refresh();
}

function undoPanel() {
  const ask = data.undo, box = $("undo");
  const parts = [];
  if (ask) {
    parts.push(el("p", {id: "undo-ask"}, `${seatName(ask.by)} asks to take back ${ask.moves} move${ask.moves === 1 ? "" : "s"}`,
      ask.waiting.length ? el("span", {class: "dim"}, ` (waiting for ${ask.waiting.map(seatName).join(", ")})`) : ""));
    if (mode === "play" && ask.waiting.includes(seat)) {
      parts.push(el("button", {id: "undo-accept", onclick: () => act(`${api}/undo/answer`, {accept: true})}, "accept"), " ",
                 el("button", {id: "undo-refuse", onclick: () => act(`${api}/undo/answer`, {accept: false})}, "refuse"));
    } else if (mode === "play" && ask.by === seat) {
      parts.push(el("button", {id: "undo-withdraw", onclick: () => act(`${api}/undo/answer`, {accept: false})}, "withdraw"));
    }
  } else if (data.can_undo) {
    parts.push(el("button", {id: "undo-ask-button", title: "the other players see it and accept or refuse",
                             onclick: () => act(`${api}/undo`, {})}, "take back my last move"));
  }
  if (data.undo_note) parts.push(el("p", {class: "dim", id: "undo-note"}, data.undo_note));
  box.hidden = parts.length === 0;
  box.replaceChildren(...parts);
}

function tools() {
  if (mode === "replay") return;
  const parts = [el("a", {href: `/watch/${id}`, id: "watch-link"}, "watchers' link")];
  if (data.download) parts.push(" · ", el("a", {href: query(`${api}/save`), id: "download", download: `rococo-${id}.json`}, "download the save"));
  parts.push(el("div", {class: "dim"}, `modules: ${data.modules.join(", ")}`));
  $("table-tools").hidden = false;
  $("table-tools").replaceChildren(...parts);
}

function status() {
  const v = data.view;
  const pending = v.pending;
  const text = [`Round ${v.round} of ${data.layout.rounds}`];
  let yours = false;
  if (data.over) {
    const best = data.standings[0];
    text.push(`game over: ${seatName(best.seat)} wins with ${best.prestige} prestige`);
  } else if (data.undo) {
    text.push(`${seatName(data.undo.by)} asks to take back a move`);
  } else if (pending) {
    yours = pending.seat === seat && mode === "play";
    text.push(yours ? "your turn" : `${seatName(pending.seat)} decides`);
  }
  if (data.fault) text.push(`stopped: ${data.fault}`);
  $("status").textContent = text.join(" · ");
  $("status").dataset.over = data.over;
  $("status").dataset.version = data.version;
  $("turn").hidden = !yours;
  $("turn").textContent = yours ? `Your turn, ${seatName(seat)}: ${pending.prompt}` : "";
  document.body.classList.toggle("yours", yours);
  document.title = (yours ? "● Your turn · " : "") + "Rococo";
  $("mode").textContent = mode === "play" ? `playing ${seatName(seat)}` : mode;
}

function final() {
  $("final").hidden = !data.over;
  if (!data.over) return;
  const rows = data.standings;
  const line = (name, key, cells) => el("tr", {"data-key": key}, el("th", {}, name), cells);
  const children = [el("h2", {}, "Final scoring"),
    el("div", {class: "scroll"}, el("table", {id: "standings"},
      el("tr", {}, el("th", {}, "step"), rows.map((r) => el("th", {"data-seat": r.seat}, chip(r.seat)))),
      line("rank", "rank", rows.map((r, i) => el("td", {class: "num", "data-seat": r.seat}, i + 1))),
      data.layout.final_steps.map((s) => line(s.name, s.id, rows.map((r) => el("td", {class: "num", "data-seat": r.seat}, r.score[s.id] ?? 0)))),
      line("total prestige", "prestige", rows.map((r) => el("td", {class: "num", "data-seat": r.seat}, el("b", {}, r.prestige)))),
      line(data.layout.left[0] || "Livre left", "livre", rows.map((r) => el("td", {class: "num", "data-seat": r.seat}, r.livre)))))];
  if (data.scoring) children.push(el("ul", {id: "scoring"}, data.scoring.map((s) => el("li", {}, s))));
  if (mode !== "replay") {
    children.push(el("button", {id: "to-replay", onclick: async () => {
      try { location.href = (await call(`${api}/replay`, {method: "POST"})).url; } catch (e) { showError(e.message); }
    }}, "replay this game"));
  }
  $("final").replaceChildren(...children);
}

// A prompt before `: ` and its answer: one that ends with a rule's sentence loses its full stop
// (as the terminal's log, core/wording.py's unstopped), not to read "Thread.: use the bonus".
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
      e.prompt ? [el("span", {class: "prompt"}, `${lead(e.prompt)}: `), el("b", {}, e.answer)]
               : el("span", {class: "dim"}, "selects a card for the hand"),
      el("button", {class: "why", title: "the changes this made, each with its rule", onclick: () => explain(e.n)}, "explain"),
      e.changes.length ? el("ul", {class: "changes"}, e.changes.map((c) => el("li", {}, `→ ${c}`))) : ""));
  }
  list.replaceChildren(...items);
  if (stick || mode !== "replay") list.scrollTop = list.scrollHeight;
}

async function explain(n) {
  try {
    const trace = await call(query(`${api}/explain`, `n=${n}`));
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
let fetching = null;
async function refresh(step) {
  if (fetching && step === undefined) { fetching.again = true; return; }  // one at a time
  const mark = fetching = {again: false};
  clearTimeout(timer);
  try {
    let url;
    if (mode === "replay") url = api + (step !== undefined ? `?step=${step}` : "");
    else url = query(api, `since=${log.length}`);
    let fresh = await call(url);
    if (mode !== "replay" && fresh.epoch !== epoch) {  // moves were taken back: the whole log
      fresh = await call(query(api, "since=0"));
      epoch = fresh.epoch;
      log = [];
    }
    const stale = mode !== "replay" && data && fresh.epoch === data.epoch && fresh.version < data.version;
    if (mode !== "replay") {
      const last = log.length ? log[log.length - 1].n : 0;
      log = log.concat(fresh.log.filter((e) => e.n > last));
    }
    if (!stale) {
      const changed = !data || fresh.version !== data.version || fresh.over !== data.over ||
        fresh.epoch !== data.epoch || JSON.stringify(fresh.undo) !== JSON.stringify(data.undo) ||
        fresh.undo_note !== data.undo_note;
      data = fresh;
      seat = data.seat;
      if (changed) { board(); renderLog(); final(); decision(); undoPanel(); tools(); }
      status(); controls();
    }
  } catch (error) { showError(error.message); }
  fetching = null;
  if (mark.again) return refresh();
  clearTimeout(timer);
  if (mode !== "replay" && !(data && (data.over || data.fault))) timer = setTimeout(refresh, POLL_MS);
}

if (mode === "play" && !token) {  // an old ?seat=N link, or a link cut short
  showError("a seat is opened by its own secret link (?token=...), not by ?seat=N: ask the " +
            "player who made the game for your seat's link");
} else {
  if (mode !== "replay" && window.EventSource) {
    const events = new EventSource(query(`${api}/events`));
    events.onmessage = () => { if (!(data && (data.over || data.fault))) refresh(); else events.close(); };
  }
  refresh();
}
