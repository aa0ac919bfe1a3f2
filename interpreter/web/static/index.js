// The start page: make a game (some seats played here, the rest by bots) or open a save.
"use strict";
const $ = (id) => document.getElementById(id);

function showError(text) { $("error").textContent = text || ""; }

async function call(url, options) {
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function seatBoxes() {
  const box = $("humans");
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let seat = 0; seat < Number($("players").value); seat++) {
    const label = document.createElement("label");
    label.innerHTML = `<input type="checkbox" value="${seat}" id="human-${seat}"> seat ${seat}`;
    box.appendChild(label);
  }
}

async function start() {
  const info = await call("/api");
  $("modules").textContent = "modules: " + info.modules.join(", ");
  for (let n = info.players[0]; n <= info.players[1]; n++) {
    $("players").add(new Option(String(n), String(n), false, n === Math.min(4, info.players[1])));
  }
  for (const bot of info.bots) $("bots").add(new Option(bot, bot, false, bot === info.default_bot));
  seatBoxes();
  $("players").addEventListener("change", seatBoxes);
  for (const g of info.games) {
    const seat = g.mode === "play" ? "?seat=0" : "";
    $("games").insertAdjacentHTML("beforeend",
      `<li><a href="/${g.mode}/${g.id}${seat}">${g.id}</a> ${g.mode}${g.over ? ", over" : ""}</li>`);
  }
  for (const r of info.replays) {
    $("games").insertAdjacentHTML("beforeend", `<li><a href="/replay/${r}">${r}</a> replay</li>`);
  }
}

$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const humans = [...document.querySelectorAll("#humans input:checked")].map((i) => Number(i.value));
  const body = {players: Number($("players").value), humans, bots: $("bots").value};
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const made = await call("/api/games", {method: "POST", body: JSON.stringify(body),
                                           headers: {"Content-Type": "application/json"}});
    location.href = made.url;
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
