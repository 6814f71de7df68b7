// Ludoteca's web client: a guest's seat (or a spectator's) at a table of a Ludoteca server.
// The page runs no rules: it draws the scenes the server sends for its seat (net/scene.py) and
// sends moves in the game's notation. Its words come from the program's own catalogues
// (/words/<lang>.json), so it speaks the player's language as the terminal and the window do.
"use strict";

const PROTOCOL = 2;
// A game with a drawing of its own registers it from /games/<key>/draw.js:
//   Ludoteca.drawers[key] = (host, scene, api) => { ... }
// `host` is an element the drawer fills; `api` gives play(move), t, tn, the seat, the state, the
// two element builders below (api.svg, api.html), press(element, action) for a shape that acts as
// a button, seatBar(colours) for the players above a drawing, and api.stage: the drawer's own
// memory across redraws (see "a drawing's stage" below: see(state), picture(moved, make, play),
// show(host, root), send(move), reduced()). The page loads the game's web/draw.css with it;
// style.css gives the seat bar and the note under a drawing (.drawing-*).
window.Ludoteca = { drawers: {} };
const loading = new Set();
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// An SVG element with its attributes, appended to `parent` when one is given.
function svgElement(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, String(value));
  if (parent) parent.append(element);
  return element;
}

// An HTML element with its attributes and text, appended to `parent` when one is given.
function htmlElement(tag, attributes, text, parent) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, String(value));
  if (text !== undefined && text !== null) element.textContent = text;
  if (parent) parent.append(element);
  return element;
}

// A shape that acts as a button: clicked, tapped, or Enter/Space once it has the keyboard's focus.
function pressable(element, action) {
  element.addEventListener("click", action);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

// ----- a drawing's stage --------------------------------------------------------------------------
// The page draws the table again on every message (a clock, a seat coming back, the language
// changing), and a drawing must not play the last move again each time, drop the keyboard's place,
// or let a second move go while the first is on its way. What outlives a redraw is kept here, once
// for every drawing, in a stage per drawer for the page's life (a drawer's memory is its own).
const stages = new Map();

function stageFor(key) {
  if (!stages.has(key)) stages.set(key, newStage());
  return stages.get(key);
}

// Whether the browser asks for less motion: a drawing then shows each position at once.
function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function newStage() {
  const blank = (table, ply, key) => ({ table: table, ply: ply, key: key, sent: false, picture: null, until: 0 });
  let memory = blank(null, -1, null);
  return {
    // Once per drawing. `fresh`: not the position drawn last. `moved`: a later position of the
    // game the page showed (not one taken back, nor another table's); when two moves came at once,
    // the last is the one to play again.
    see(state) {
      const ply = (state.moves || []).length;
      const key = `${state.table}:${state.version}`;
      const fresh = memory.key !== key;
      const moved = fresh && memory.table === state.table && ply > memory.ply;
      if (fresh) memory = blank(state.table, ply, key);
      return { fresh: fresh, moved: moved };
    },
    // The picture to show: the one a redraw of this position keeps while its animation runs, else
    // make()'s ({ svg, … }), played again by play(drawn) (which says how long it moves, in ms) when
    // a move was just made and the browser does not ask for reduced motion.
    picture(moved, make, play) {
      if (memory.picture && performance.now() < memory.until) return memory.picture;
      const drawn = make();
      if (moved && !reducedMotion()) {
        memory.picture = drawn.svg;
        memory.until = performance.now() + play(drawn);
      }
      return drawn.svg;
    },
    // `root` in place of what `host` showed, the focus back on what stands for the element that had
    // it (the same data-focus), so that the keyboard keeps its place through a redraw.
    show(host, root) {
      const active = document.activeElement;
      const focused = active && host.contains(active) ? active.getAttribute("data-focus") : null;
      host.replaceChildren(root);
      if (focused) {
        const again = root.querySelector(`[data-focus="${focused}"]`);
        if (again) again.focus({ preventScroll: true });
      }
    },
    // One move a position: a double click or a redraw sends nothing more; a refused move (the
    // position changed meanwhile) is given back after 4 s if no new position came.
    send(move) {
      if (memory.sent) return;
      memory.sent = true;
      play(move);
      const sentFor = memory.key;
      setTimeout(() => { if (memory.key === sentFor) memory.sent = false; }, 4000);
    },
    reduced: reducedMotion,
  };
}

// ----- words -------------------------------------------------------------------------------------
let words = { lang: "en", singular: {}, plural: {} };

function fill(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (args && key in args ? String(args[key]) : whole));
}

function t(msgid, args) {
  return fill(words.singular[msgid] || msgid, args);
}

function tn(singular, plural, n, args) {
  const forms = words.plural[singular];
  // English and French both have two forms; French counts 0 and 1 as singular
  const index = words.lang === "fr" ? (n > 1 ? 1 : 0) : (n === 1 ? 0 : 1);
  const chosen = forms && forms[index] ? forms[index] : index === 0 ? singular : plural;
  return fill(chosen, Object.assign({ n: n }, args));
}

// A server's sentence: its catalogue entry and values, worded here (nested sentences too).
function sentence(wire) {
  if (!wire || typeof wire.msgid !== "string") return null;
  const args = {};
  for (const [key, value] of Object.entries(wire.args || {})) {
    args[key] = value && typeof value === "object" ? sentence(value) || "" : value;
  }
  return t(wire.msgid, args);
}

function said(message, key) {
  return sentence(message.sentence) || String(message[key || "reason"] || "");
}

async function setLanguage(lang) {
  const answer = await fetch(`/words/${lang}.json`);
  words = await answer.json();
  sessionStorage.setItem("ludoteca.lang", lang);
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-words]")) {
    element.textContent = t(element.dataset.words);
  }
  $("language").textContent = lang === "fr" ? "English" : "Français";
  fillBoardKeys();
  updateAccount();
  render();
  if (!state && view) renderView();
}

// ----- the connection -----------------------------------------------------------------------------
let socket = null;
let nextId = 1;
let welcome = null;
let state = null;
let lastTables = [];
let wanted = null; // { table, watch }: the table this page is for
let lobbyTimer = null;
// A club's member pages, leaderboards and replays (when no table is shown): { kind, … }
let view = null;
// the signed-in member (the server's `signed_in` answer), null for a guest
let account = null;
// what each request still waiting for its answer asked (its id → its type)
const pending = new Map();
// The session token is kept in this tab's session storage, so that a reload (or a lost
// connection) signs in again with `resume`; the password is never kept anywhere.
const SESSION_KEY = "ludoteca.session";

function tokenKey(table) {
  return `ludoteca.token.${table}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/");
  socket.onopen = () => {
    send("hello", { protocol: PROTOCOL, name: myName(), scene: true });
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (welcome !== null) {
      showMessage(t("Connection lost; reconnecting…"));
      welcome = null;
      setTimeout(connect, 1500);
    }
  };
}

function send(type, fields) {
  const message = Object.assign({ type: type, id: nextId++ }, fields || {});
  if (socket && socket.readyState === WebSocket.OPEN) {
    pending.set(message.id, type);
    socket.send(JSON.stringify(message));
  }
}

function myName() {
  return ($("name").value || "").trim();
}

function receive(message) {
  const asked = message.id !== undefined ? pending.get(message.id) : undefined;
  if (asked !== undefined) pending.delete(message.id);
  switch (message.type) {
    case "welcome": {
      welcome = message;
      showMessage("");
      lastTables = message.tables || [];
      $("club").hidden = message.mode !== "club";
      account = null;
      // signed in again first: the server answers a `join` sent after it as the member's
      const session = sessionStorage.getItem(SESSION_KEY);
      if (session && message.mode === "club") send("resume", { session: session });
      updateAccount();
      if (wanted) sit(wanted.table, wanted.watch);
      else if (message.mode === "host" && lastTables.length === 1) sit(lastTables[0].table, false);
      else if (view) renderView();
      else showLobby();
      break;
    }
    case "tables":
      lastTables = message.tables || [];
      if (!state && !view) showLobby();
      break;
    case "signed_in":
      account = message;
      sessionStorage.setItem(SESSION_KEY, message.session);
      $("member-name").value = message.name;
      if (asked !== "resume") {
        showMessage(t("Signed in as {name}: the seats you take are yours, and your games are rated.", { name: message.name }));
      }
      updateAccount();
      break;
    case "player":
      showMessage("");
      view = { kind: "member", page: message };
      renderView();
      break;
    case "leaderboard":
      showMessage("");
      view = { kind: "leaders", board: message };
      renderView();
      break;
    case "record":
      if (Array.isArray(message.scenes) && message.scenes.length > 0) {
        showMessage("");
        view = { kind: "replay", data: message, step: 0, back: view && view.kind !== "replay" ? view : null };
        renderView();
      }
      break;
    case "joined":
      if (message.token) sessionStorage.setItem(tokenKey(message.table), message.token);
      wanted = { table: message.table, watch: message.seat === null };
      history.replaceState(null, "", `/t/${message.table}`);
      break;
    case "state":
      if (!state || state.table !== message.table) showMessage("");
      state = message;
      clockAt = performance.now();
      render();
      break;
    case "update":
      if (state) {
        state = stateFromUpdate(state, message);
        clockAt = performance.now();
        render();
      }
      break;
    case "chat":
      addChat(`${message.from}: ${message.text}`);
      break;
    case "undo_asked":
      askUndo(message);
      break;
    case "notice":
      showMessage(said(message, "text"));
      break;
    case "error":
    case "refused":
      showMessage(said(message), true);
      if (asked === "resume") {  // that session is over: a guest until signed in again
        sessionStorage.removeItem(SESSION_KEY);
        account = null;
        updateAccount();
        break;
      }
      if (["sign_in", "sign_up", "player", "leaderboard", "replay"].includes(asked)) break;
      if (!state && wanted) {
        wanted = null;
        showLobby();
      }
      break;
    default:
      break;
  }
}

function sit(table, watch) {
  const token = sessionStorage.getItem(tokenKey(table));
  if (watch) send("watch", { table: table });
  // a tab's own seat (its session storage is its alone): taken back even if the server has not
  // yet seen the old connection of a reloaded page drop
  else if (token) send("join", { table: table, token: token, take: true });
  else send("join", { table: table });
  wanted = { table: table, watch: watch };
}

// ----- updates: what changed since the last state (protocol.patch) ---------------------------------
function patched(before, change) {
  if ("s" in change) return change.s;
  if ("a" in change) return before.concat(change.a);
  if ("i" in change) {
    const after = before.slice();
    for (const [index, item] of Object.entries(change.i)) after[Number(index)] = patched(after[Number(index)], item);
    return after;
  }
  const after = {};
  for (const [key, value] of Object.entries(before || {})) {
    if (!(change.x || []).includes(key)) after[key] = value;
  }
  for (const [key, item] of Object.entries(change.o)) after[key] = patched((before || {})[key], item);
  return after;
}

function stateFromUpdate(previous, update) {
  const next = {};
  for (const [key, value] of Object.entries(update)) {
    if (!["base", "moves", "view"].includes(key)) next[key] = value;
  }
  next.type = "state";
  next.view = patched(previous.view, update.view);
  next.moves = previous.moves.slice(0, update.moves.keep).concat(update.moves.add);
  return next;
}

// ----- pages --------------------------------------------------------------------------------------
function showOnly(id) {
  for (const section of ["welcome", "lobby", "table", "member", "leaders", "replay"]) $(section).hidden = section !== id;
  // the board's area is the table's, lent to a replay while one is shown
  const home = id === "replay" ? $("replay-slot") : $("table");
  if ($("board-area").parentElement !== home) home.prepend($("board-area"));
}

function showMessage(text, error) {
  const element = $("message");
  element.textContent = text;
  element.className = error ? "error" : "";
}

function showLobby() {
  state = null;
  view = null;
  document.body.className = "";
  showOnly("lobby");
  const list = $("tables");
  list.replaceChildren();
  if (lastTables.length === 0) {
    const empty = document.createElement("li");
    empty.textContent = t("No table is open yet.");
    list.append(empty);
  }
  for (const table of lastTables) {
    const item = document.createElement("li");
    const free = (table.seats || []).filter((seat) => !seat.taken).length;
    const title = document.createElement("strong");
    title.textContent = t(String(table.title || table.game || ""));
    const detail = document.createElement("span");
    const names = (table.seats || []).filter((seat) => seat.taken).map(seatName).join(", ");
    detail.textContent = tn("{n} seat free", "{n} seats free", free) + (names ? " · " + names : "");
    const join = button(t("Join"), () => sit(table.table, false));
    join.disabled = free === 0;
    item.append(title, detail, join, button(t("Watch"), () => sit(table.table, true)));
    list.append(item);
  }
  clearInterval(lobbyTimer);
  lobbyTimer = setInterval(() => {
    if (!state && welcome) send("tables");
  }, 4000);
}

function button(label, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.addEventListener("click", action);
  return element;
}

function seatName(seat) {
  if (seat.default_name === true && Number.isInteger(seat.level)) return t("Computer {level}", { level: seat.level });
  return String(seat.name || "");
}

// ----- the table ------------------------------------------------------------------------------------
function render() {
  if (!state) return;
  showOnly("table");
  document.body.className = `game-${state.game}`;
  const scene = state.view || {};
  $("title").textContent = t(String(scene.title || state.game));
  renderPlayers();
  renderBoard(scene, state);
  renderMoves(scene);
  const list = $("movelist");
  const grew = list.children.length !== state.moves.length;
  list.replaceChildren(...state.moves.map((move) => htmlElement("li", {}, move || "…")));
  if (grew) list.scrollTop = list.scrollHeight;
  $("status").textContent = statusLine();
  const mine = state.seat !== null && state.seat !== undefined;
  const playing = state.status === "playing" && !state.outcome;
  $("undo").disabled = !(mine && playing && state.moves.length > 0);
  $("resign").disabled = !(mine && playing);
  $("draw").hidden = !(mine && playing && scene.can_claim_draw);
  $("say").hidden = !mine;
  if (!state.undo || state.undo.by === state.seat) $("question").hidden = true;
}

function renderPlayers() {
  const list = $("players");
  list.replaceChildren();
  state.seats.forEach((seat, index) => {
    const item = document.createElement("li");
    item.className = `seat seat-${index}` + (state.to_move === index && !state.outcome ? " to-move" : "");
    const name = seatName(seat) || t("Seat {n}", { n: index + 1 });
    let detail = seat.kind === "computer" ? t("Computer, level {level}", { level: seat.level }) : "";
    if (!seat.taken && seat.kind !== "computer") detail = t("free");
    else if (seat.kind !== "computer" && !seat.connected) detail = t("disconnected");
    if (index === state.seat) detail = (detail ? detail + " · " : "") + t("you");
    const score = state.outcome && state.outcome.scores ? ` — ${state.outcome.scores[index]}` : "";
    item.textContent = name + (detail ? ` (${detail})` : "") + score;
    if (state.clock) {
      const clock = document.createElement("span");
      clock.className = "clock" + (state.clock.running === index ? " running" : "");
      clock.dataset.seat = String(index);
      item.append(" ", clock);
    }
    list.append(item);
  });
  tickClocks();
}

// The players above a game's drawing: a chip a seat with its token (coloured by the game's
// stylesheet: .drawing-token-N), its player's name or else `colours[N]` (the seat's colour, worded),
// the one to move lit. The drawer adds what each seat has to its chip, and what the game counts to
// the bar.
function seatBar(colours) {
  const state = shown;
  const bar = htmlElement("div", { class: "drawing-seats" });
  const chips = colours.map((colour, index) => {
    const mover = state.to_move === index && !state.outcome;
    const chip = htmlElement("div", {
      class: "drawing-seat" + (mover ? " to-move" : "") + (index === state.seat ? " me" : ""),
    }, null, bar);
    htmlElement("span", { class: `drawing-token drawing-token-${index}`, "aria-hidden": "true" }, null, chip);
    const name = seatName((state.seats || [])[index] || {});
    htmlElement("span", { class: "drawing-name" }, name || colour, chip);
    return chip;
  });
  return { bar: bar, chips: chips };
}

// The clocks tick down here between two messages, from the time left the server last sent.
let clockAt = 0;

function tickClocks() {
  if (!state || !state.clock) return;
  for (const element of document.querySelectorAll("#players .clock")) {
    const seat = Number(element.dataset.seat);
    let left = state.clock.left[seat] / 1000;
    if (state.clock.running === seat && !state.outcome) left -= (performance.now() - clockAt) / 1000;
    const seconds = Math.max(0, Math.ceil(left));
    element.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }
}

setInterval(tickClocks, 250);

function statusLine() {
  if (state.outcome) return t("Game over: {reason}.", { reason: said(state.outcome) });
  if (state.status === "waiting") {
    const free = state.seats.filter((seat) => !seat.taken).length;
    return tn("Waiting for players to join ({n} free seat).", "Waiting for players to join ({n} free seats).", free);
  }
  if (state.to_move === null || state.to_move === undefined) return "";
  if (state.to_move === state.seat) return t("Your turn.");
  return t("Waiting for {name}…", { name: seatName(state.seats[state.to_move]) });
}

// `shown`: the state whose scene is drawn (the table's, or a replay's position made like one).
let shown = null;

function renderBoard(scene, drawn) {
  shown = drawn;
  const drawing = $("drawing");
  drawing.hidden = !scene.drawer;
  if (scene.drawer) {
    $("board").toggleAttribute("hidden", true);  // an <svg> has no .hidden property
    $("position").hidden = true;
    const draw = window.Ludoteca.drawers[scene.drawer];
    if (draw) {
      draw(drawing, scene, {
        play: play, t: t, tn: tn, seat: drawn.seat, state: drawn, svg: svgElement, html: htmlElement,
        press: pressable, seatBar: seatBar,
        stage: stageFor(scene.drawer),
      });
    } else {
      loadDrawer(scene.drawer, scene.stylesheet);
    }
    return;
  }
  const svg = $("board");
  const grid = scene.form === "grid";
  svg.toggleAttribute("hidden", !grid);
  $("position").hidden = grid;
  if (!grid) {
    $("position").textContent = scene.position || "";
    return;
  }
  const cell = 100;
  const margin = 40;
  const width = scene.cols * cell + 2 * margin;
  const height = scene.rows * cell + 2 * margin;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", `game-${drawn.game}`);
  svg.replaceChildren();
  const shape = (name, attributes, text) => {
    const element = svgElement(name, attributes, svg);
    if (text !== undefined) element.textContent = text;
    return element;
  };
  shape("rect", { x: margin, y: margin, width: scene.cols * cell, height: scene.rows * cell, class: "grid" });
  scene.col_labels.forEach((label, c) => shape("text", { x: margin + c * cell + cell / 2, y: margin - 12, class: "label" }, label));
  scene.row_labels.forEach((label, r) => shape("text", { x: margin / 2, y: margin + r * cell + cell / 2 + 8, class: "label" }, label));
  const targets = new Map(scene.targets.map(([c, r, move]) => [`${c},${r}`, move]));
  const last = new Set(scene.last.map(([c, r]) => `${c},${r}`));
  const pieces = new Map(scene.pieces.map(([c, r, symbol, owner]) => [`${c},${r}`, owner]));
  for (let r = 0; r < scene.rows; r++) {
    for (let c = 0; c < scene.cols; c++) {
      const key = `${c},${r}`;
      const x = margin + c * cell;
      const y = margin + r * cell;
      const square = shape("rect", { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, rx: 10, class: "cell" });
      const move = targets.get(key);
      const owner = pieces.get(key);
      if (owner !== undefined) {
        shape("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.38, class: `piece owner-${owner}` + (last.has(key) ? " last" : "") });
      } else if (move !== undefined) {
        shape("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.12, class: "target" });
      }
      if (move !== undefined) {
        square.classList.add("playable");
        square.dataset.move = move;
        square.setAttribute("aria-label", move);
        square.addEventListener("click", () => play(move));
      }
    }
  }
}

// A game's drawing, and its stylesheet when the scene says it has one (web/draw.css).
function loadDrawer(key, styled) {
  if (loading.has(key)) return;
  loading.add(key);
  if (styled) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/games/${encodeURIComponent(key)}/draw.css`;
    document.head.append(link);
  }
  const script = document.createElement("script");
  script.src = `/games/${encodeURIComponent(key)}/draw.js`;
  script.addEventListener("load", () => {
    render();
    if (!state && view) renderView();  // a replay's board
  });
  document.head.append(script);
}

function renderMoves(scene) {
  const row = $("moves-row");
  row.replaceChildren();
  const legal = scene.drawer ? [] : scene.legal;  // a game's own drawing offers its moves itself
  $("typed").hidden = !(legal === null && state.to_move === state.seat);
  // moves with no cell to click (a pass), or every move when the board is not a grid
  const clickable = new Set((scene.targets || []).map((target) => target[2]));
  for (const move of legal || []) {
    if (!clickable.has(move)) row.append(Object.assign(button(move, () => play(move)), { className: "move" }));
  }
}

function play(move) {
  if (!state || shown !== state || state.to_move !== state.seat) return;
  send("move", { version: state.version, move: move });
}

function addChat(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("chat").append(item);
}

function askUndo(message) {
  if (message.by === state?.seat) {
    showMessage(t("You asked to take the last move back; waiting for the others to agree."));
    return;
  }
  $("question-text").textContent = t("{name} asks to take the last move back. Do you agree?", { name: message.name || "?" });
  $("question").hidden = state?.seat === null || state?.seat === undefined;
}

// ----- a club's members: accounts, pages, leaderboards, replays --------------------------------------
// The keys a club rates games under, with the words that name them (/rated.json, net/web.py).
let ratedGames = [];

// A rating key as people read it: "Khet 2.0", "Connect Four (Cascade)", "Othello".
function gameTitle(key) {
  const known = ratedGames.find((game) => game.key === key);
  if (!known) {
    const base = ratedGames.find((game) => game.key.split("/")[0] === String(key).split("/")[0]);
    return base ? t(base.title) : String(key);
  }
  const title = t(known.title);
  if (!known.variant) return title;
  const named = t(known.variant);
  return named.startsWith(title) ? named : `${title} (${named})`;
}

function fillBoardKeys() {
  const select = $("board-key");
  const chosen = select.value;
  select.replaceChildren(...ratedGames.map((game) => htmlElement("option", { value: game.key }, gameTitle(game.key))));
  if (chosen) select.value = chosen;
}

function updateAccount() {
  $("sign-form").hidden = account !== null;
  $("signed").hidden = account === null;
  $("signed-as").textContent = account ? t("Signed in as {name}.", { name: account.name }) : "";
}

function signIn(creating) {
  const name = $("member-name").value.trim();
  const password = $("password").value;
  if (!name || !password) {
    showMessage(t("Type your name and your password first."), true);
    return;
  }
  const fields = { name: name, password: password };
  const invitation = $("invitation").value.trim();
  if (creating && invitation) fields.invitation = invitation;
  send(creating ? "sign_up" : "sign_in", fields);
  $("password").value = "";  // sent once, kept nowhere
  showMessage(creating ? t("Creating the account {name}…", { name: name }) : t("Signing in…"));
}

function signOut() {
  send("sign_out");
  sessionStorage.removeItem(SESSION_KEY);
  account = null;
  updateAccount();
  showMessage(t("Signed out. You play on as a guest."));
}

function askPage(name) {
  send("player", { name: name });
  showMessage(t("Asking the club…"));
}

function renderView() {
  if (!view) return;
  if (view.kind === "member") renderMember(view.page);
  else if (view.kind === "leaders") renderLeaders(view.board);
  else if (view.kind === "replay") renderReplay();
}

function day(date) {
  return String(date || "").slice(0, 10);
}

function ratingText(row) {
  return `${Math.round(Number(row.value) || 0)} ± ${Math.round(Number(row.margin) || 0)}`;
}

// A small line chart of a rating over time (its points evenly spaced), each point's value in its title.
function ratingChart(points) {
  const width = 180;
  const height = 48;
  const pad = 5;
  const values = points.filter((point) => Array.isArray(point) && point.length === 2).map((point) => Number(point[1]));
  const svg = svgElement("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, width: width, height: height, role: "img" });
  if (values.length === 0) return svg;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (index) => (values.length === 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (values.length - 1));
  const y = (value) => (high === low ? height / 2 : height - pad - ((value - low) * (height - 2 * pad)) / span);
  const line = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  svgElement("title", {}, svg).textContent = values.map((value) => Math.round(value)).join(" → ");
  svgElement("polyline", { points: line, class: "chart-line" }, svg);
  values.forEach((value, index) => svgElement("circle", { cx: x(index), cy: y(value), r: 3, class: "chart-point" }, svg));
  return svg;
}

function renderMember(page) {
  showOnly("member");
  $("member-title").textContent = String(page.name || "");
  $("member-since").textContent = t("Member since {date}", { date: day(page.since) });
  const ratings = page.ratings || [];
  $("no-ratings").hidden = ratings.length > 0;
  $("ratings").replaceChildren(...ratings.map((row) => {
    const item = htmlElement("li", { class: "rating", "data-game": row.game });
    htmlElement("strong", {}, gameTitle(row.game), item);
    htmlElement("span", { class: "rating-value" }, ratingText(row), item);
    htmlElement("span", { class: "rating-games" }, tn("{n} rated game", "{n} rated games", Number(row.games) || 0), item);
    item.append(ratingChart(row.chart || []));
    return item;
  }));
  $("recent").replaceChildren(...(page.games || []).map((game) => {
    const item = htmlElement("li", { class: "recent", "data-table": game.table || "" });
    const names = (game.names || []).map(String);
    const ranks = (game.ranks || []).map(Number);
    const placing = names.map((name, index) => [ranks[index], name]).sort((a, b) => a[0] - b[0])
      .map(([rank, name]) => `${rank}. ${name}`).join(", ");
    htmlElement("span", { class: "recent-date" }, day(game.date), item);
    htmlElement("strong", {}, gameTitle(game.game), item);
    htmlElement("span", {}, placing, item);
    htmlElement("span", { class: "rating-change" }, `${Math.round(game.before)} → ${Math.round(game.after)}`, item);
    if (game.table) item.append(button(t("Replay"), () => openReplay(game.table)));
    return item;
  }));
  $("opponents").replaceChildren(...(page.opponents || []).map((other) => {
    const item = htmlElement("li");
    htmlElement("span", { class: "against" }, t("{name}: {wins}, {losses}, {draws}", {
      name: other.name, wins: other.wins, losses: other.losses, draws: other.draws,
    }), item);
    if (other.member) item.append(button(t("Show"), () => askPage(other.name)));
    return item;
  }));
}

function renderLeaders(board) {
  showOnly("leaders");
  $("leaders-title").textContent = t("Leaderboard of {game}", { game: gameTitle(board.game) });
  const rows = board.rows || [];
  $("no-leaders").hidden = rows.length > 0;
  $("leader-rows").replaceChildren(...rows.map((row) => {
    const item = htmlElement("li");
    htmlElement("span", { class: "rank" }, `${row.rank}.`, item);
    const computer = Number.isInteger(row.computer);
    const name = computer ? t("Computer {level}", { level: row.computer }) : String(row.name || "");
    const who = htmlElement("strong", {}, name, item);
    if (!computer) {
      who.classList.add("link");
      pressable(who, () => askPage(name));
      who.tabIndex = 0;
    }
    htmlElement("span", { class: "rating-value" }, ratingText(row), item);
    htmlElement("span", { class: "rating-games" }, tn("{n} game", "{n} games", Number(row.games) || 0), item);
    return item;
  }));
}

function openReplay(table) {
  send("replay", { table: table, scenes: true });
  showMessage(t("Fetching the game of table {table}…", { table: table }));
}

// One position of a replay, drawn as a table's state: nobody to move, nobody's seat, the outcome
// at the last position.
function renderReplay() {
  const data = view.data;
  const count = data.moves.length;
  const step = Math.max(0, Math.min(view.step, count, data.scenes.length - 1));
  view.step = step;
  showOnly("replay");
  document.body.className = `game-${data.game}`;
  const position = {
    type: "state", table: `replay-${data.table}`, version: step, status: "over", game: data.game,
    seat: null, seats: data.seats || [], to_move: null, moves: data.moves.slice(0, step),
    outcome: step === count ? data.outcome : null, view: data.scenes[step],
  };
  renderBoard(data.scenes[step], position);
  $("moves-row").replaceChildren();
  $("typed").hidden = true;
  $("replay-title").textContent = t(String(data.title || data.game));
  $("replay-players").textContent = (data.seats || []).map(seatName).filter(Boolean).join(" · ");
  $("replay-step").textContent = step === 0
    ? tn("The start: {n} move to go", "The start: {n} moves to go", count)
    : t("Move {k} of {n}: {move}", { k: step, n: count, move: data.moves[step - 1] || "…" });
  $("replay-result").textContent = step === count && data.outcome ? t("Game over: {reason}.", { reason: said(data.outcome) }) : "";
  $("step-first").disabled = $("step-back").disabled = step === 0;
  $("step-on").disabled = $("step-last").disabled = step === count;
  const list = $("replay-moves");
  list.replaceChildren(...data.moves.map((move, index) => htmlElement("li", { class: index === step - 1 ? "now" : "" }, move || "…")));
  const now = list.querySelector(".now");
  if (now) now.scrollIntoView({ block: "nearest" });
}

function stepTo(step) {
  if (!view || view.kind !== "replay") return;
  view.step = step;
  renderReplay();
}

function stepBy(delta) {
  if (view && view.kind === "replay") stepTo(view.step + delta);
}

function leaveView() {
  if (view && view.kind === "replay" && view.back) {
    view = view.back;
    renderView();
    return;
  }
  showLobby();
}

function startClub() {
  fetch("/rated.json").then((answer) => answer.json()).then((rated) => {
    ratedGames = rated.games || [];
    fillBoardKeys();
    if (!state && view) renderView();
  }).catch(() => {});
  $("sign-form").addEventListener("submit", (event) => {
    event.preventDefault();
    signIn(false);
  });
  $("sign-up").addEventListener("click", () => signIn(true));
  $("sign-out").addEventListener("click", signOut);
  $("my-page").addEventListener("click", () => { if (account) askPage(account.name); });
  $("find").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("find-name").value.trim();
    if (name) askPage(name);
    else showMessage(t("Type the name of the member to look up."), true);
  });
  $("boards").addEventListener("submit", (event) => {
    event.preventDefault();
    if ($("board-key").value) send("leaderboard", { game: $("board-key").value });
  });
  for (const back of document.querySelectorAll("button.back")) back.addEventListener("click", showLobby);
  $("replay-back").addEventListener("click", leaveView);
  $("step-first").addEventListener("click", () => stepTo(0));
  $("step-back").addEventListener("click", () => stepBy(-1));
  $("step-on").addEventListener("click", () => stepBy(1));
  $("step-last").addEventListener("click", () => stepTo(Number.MAX_SAFE_INTEGER));
  document.addEventListener("keydown", (event) => {
    if (!view || view.kind !== "replay" || state) return;
    if (event.target instanceof HTMLInputElement) return;
    const steps = { ArrowLeft: () => stepBy(-1), ArrowRight: () => stepBy(1), Home: () => stepTo(0), End: () => stepTo(Number.MAX_SAFE_INTEGER) };
    if (steps[event.key]) {
      event.preventDefault();
      steps[event.key]();
    }
  });
}

// ----- start ----------------------------------------------------------------------------------------
function start() {
  startClub();
  const name = sessionStorage.getItem("ludoteca.name") || "";
  $("name").value = name;
  const match = /^\/t\/([A-Za-z0-9_-]{1,32})$/.exec(location.pathname);
  if (match) wanted = { table: match[1], watch: false };
  $("enter").addEventListener("click", () => {
    if (!myName()) {
      showMessage(t("Please give your name."), true);
      return;
    }
    sessionStorage.setItem("ludoteca.name", myName());
    showMessage(t("Connecting…"));
    connect();
  });
  $("name").addEventListener("keydown", (event) => {
    if (event.key === "Enter") $("enter").click();
  });
  $("language").addEventListener("click", () => setLanguage(words.lang === "fr" ? "en" : "fr"));
  $("undo").addEventListener("click", () => send("undo", { version: state.version }));
  $("resign").addEventListener("click", () => {
    if (confirm(t("The game ends now and counts as a loss."))) send("resign");
  });
  $("draw").addEventListener("click", () => send("draw"));
  $("agree").addEventListener("click", () => { send("answer", { accept: true }); $("question").hidden = true; });
  $("refuse").addEventListener("click", () => { send("answer", { accept: false }); $("question").hidden = true; });
  $("to-lobby").addEventListener("click", () => {
    send("leave");
    state = null;
    wanted = null;
    history.replaceState(null, "", "/");
    if (welcome && welcome.mode === "club") {
      send("tables");
      showLobby();
    } else {
      showOnly("welcome");
    }
  });
  $("say").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("say-text").value.trim();
    if (text) send("chat", { text: text });
    $("say-text").value = "";
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    play($("typed-move").value.trim());
    $("typed-move").value = "";
  });
  const chosen = sessionStorage.getItem("ludoteca.lang") || (navigator.language || "en").slice(0, 2);
  setLanguage(chosen === "fr" ? "fr" : "en");
  if (name) $("enter").click();
}

document.addEventListener("DOMContentLoaded", start);
