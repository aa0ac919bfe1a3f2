// The start page: choose the modules (any prototype the server offers), the seats people play
// and the bots, then hand each person their seat's secret link; or open a save.
"use strict";
const $ = (id) => document.getElementById(id);
let info = null;
let seats = null;  // how the chosen rules seat a game: {players: [low, high], people, kinds}

function showError(text) { $("error").textContent = text || ""; }

async function call(url, options) {
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}
const post = (url, body) => call(url, {method: "POST", body: JSON.stringify(body),
                                       headers: {"Content-Type": "application/json"}});

function box(kind, m, checked) {
  const label = document.createElement("label");
  label.innerHTML = `<input type="checkbox" data-kind="${kind}" value="${m.id}" id="module-${m.id}"> `;
  label.querySelector("input").checked = checked;
  label.append(m.name || m.id);
  label.title = m.id;
  return label;
}

function choice() {
  const checked = (kind) => [...document.querySelectorAll(`input[data-kind=${kind}]:checked`)].map((i) => i.value);
  const set = {};
  for (const part of $("set").value.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [key, ...rest] = part.split("=");
    const value = rest.join("=").trim();
    set[key.trim()] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return {edition: $("edition").value || null, with: checked("expansion"), solo: $("solo").value || null,
          set, custom: checked("custom")};
}

function seatBoxes() {
  const fieldset = $("humans");
  fieldset.querySelectorAll("label").forEach((l) => l.remove());
  for (let s = 0; s < Number($("players").value); s++) {
    const label = document.createElement("label");
    const kind = seats.kinds ? seats.kinds[s] : null;
    const person = !seats.people || seats.people.includes(s);
    label.innerHTML = `<input type="checkbox" value="${s}" id="human-${s}"> seat ${s}`;
    const input = label.querySelector("input");
    input.disabled = !person;
    if (seats.people && person) input.checked = true;
    if (!person) label.append(` (${kind}: plays itself)`);
    fieldset.appendChild(label);
  }
}

function players() {
  const select = $("players");
  const [low, high] = seats.players;
  const was = Number(select.value) || Math.min(4, high);
  select.replaceChildren();
  for (let n = low; n <= high; n++) select.add(new Option(String(n), String(n), false, n === Math.min(Math.max(was, low), high)));
  select.disabled = low === high;
  seatBoxes();
}

async function rulesChanged() {
  try {
    const made = await post("/api/rules", choice());
    seats = made.seats;
    $("modules").textContent = "modules: " + made.modules.join(", ");
    $("start").disabled = false;
    showError("");
    players();
  } catch (error) {
    $("start").disabled = true;
    showError(error.message);
  }
}

async function start() {
  info = await call("/api");
  seats = info.seats;
  $("modules").textContent = "modules: " + info.modules.join(", ");
  const byKind = (kind) => info.offered.filter((m) => m.kind === kind);
  for (const m of byKind("edition")) $("edition").add(new Option(m.name, m.id, false, m.id === info.choice.edition));
  if (!info.choice.edition) $("edition").value = "deluxe";
  for (const m of byKind("expansion")) $("expansions").append(box("expansion", m, info.choice.with.includes(m.id)));
  for (const m of byKind("solo")) $("solo").add(new Option(m.name, m.id, false, m.id === info.choice.solo));
  for (const m of byKind("custom")) $("custom").append(box("custom", m, info.choice.custom.includes(m.id)));
  $("set").value = Object.entries(info.choice.set).map(([k, v]) => `${k}=${v}`).join(", ");
  for (const bot of info.bots) $("bots").add(new Option(bot, bot, false, bot === info.default_bot));
  players();
  $("players").addEventListener("change", seatBoxes);
  $("rules").addEventListener("change", rulesChanged);
  for (const g of info.games) {
    $("games").insertAdjacentHTML("beforeend",
      `<li><a href="${g.url}">${g.id}</a> ${g.mode === "play" ? "people and bots" : "bots"}${g.over ? ", over" : ""} <span class="dim">${g.modules.join(", ")}</span></li>`);
    // the seats' links of a game made in this browser, kept here only (the server lists none)
    const mine = JSON.parse(localStorage.getItem(`rococo-links-${g.id}`) || "null");
    if (mine) {
      const li = $("games").lastElementChild;
      for (const s of mine.seats) {
        li.append(" · ");
        const a = document.createElement("a");
        a.href = s.url; a.textContent = `seat ${s.seat}`; a.className = "own-seat";
        li.append(a);
      }
    }
  }
  for (const r of info.replays) {
    $("games").insertAdjacentHTML("beforeend", `<li><a href="/replay/${r}">${r}</a> replay</li>`);
  }
}

function link(text, url, id) {
  const full = new URL(url, location.href).href;
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = full; a.textContent = text; a.id = id; a.dataset.url = full;
  const field = document.createElement("input");
  field.value = full; field.readOnly = true; field.className = "link";
  const copy = document.createElement("button");
  copy.type = "button"; copy.textContent = "copy";
  copy.addEventListener("click", async () => {
    field.select();
    try { await navigator.clipboard.writeText(full); copy.textContent = "copied"; } catch (e) { document.execCommand("copy"); }
  });
  li.append(a, " ", field, " ", copy);
  return li;
}

$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const humans = [...document.querySelectorAll("#humans input:checked")].map((i) => Number(i.value));
  const body = {players: Number($("players").value), humans, bots: $("bots").value, modules: choice()};
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const made = await post("/api/games", body);
    showError("");
    try { localStorage.setItem(`rococo-links-${made.id}`, JSON.stringify(made.links)); } catch (e) { /* private mode */ }
    const items = made.links.seats.map((s) => link(`seat ${s.seat}: ${s.who}`, s.url, `link-seat-${s.seat}`));
    items.push(link("watchers", made.links.watch, "link-watch"));
    $("links").replaceChildren(...items);
    $("invite").hidden = false;
    $("invite").scrollIntoView({block: "nearest"});
  } catch (error) { showError(error.message); }
});

$("new-replay").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("save-file").files[0];
  if (!file) { showError("choose a save file first"); return; }
  try {
    const made = await call("/api/replays", {method: "POST", body: await file.text()});
    location.href = made.url;
  } catch (error) { showError(error.message); }
});

start().catch((error) => showError(error.message));
