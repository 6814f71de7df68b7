// Qwirkle in Ludoteca's web client: the board framed round its tiles, the player's hand, and the
// play built tile by tile before it is sent. The page runs no rules: the scene (web_scene.py)
// brings every legal placement of the hand, folded, and the squares lit here are those where the
// chosen tile, with the tiles already put down, still belongs to one of them.
"use strict";

(() => {
  const CELL = 100;
  const LABEL = 44;
  // the smallest a square is drawn, in CSS pixels
  const MIN_SQUARE = 34;
  // the colour digits 0-5 as the window paints them (tile_art.QwirkleColours.tiles)
  const COLOURS = ["#f48c2c", "#de3a3c", "#3e82e8", "#f6d43a", "#a662d6", "#4cba60"];
  // the catalogue's names, looked up whole ("red square") so a language can make them agree
  const COLOUR_WORDS = ["orange", "red", "blue", "yellow", "purple", "green"];
  const SHAPE_WORDS = ["square", "circle", "star", "diamond", "clover", "cross"];

  // what the player is building; kept across redraws of the same position only
  let ui = fresh(null);
  // the position the board on the page was drawn for
  let drawnKey = null;

  function fresh(key) {
    return { key: key, pending: [], picked: null, exchanging: false, marked: new Set() };
  }

  // ----- small builders --------------------------------------------------------------------------
  // the page's element builders (api.html, api.svg), taken from each call of the drawer
  let page = null;

  const el = (name, attributes, text) => page.html(name, attributes, text);

  // an SVG element with its attributes and, when given, its text
  function svg(name, attributes, text) {
    const element = page.svg(name, attributes);
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function darker(hex) {
    const n = parseInt(hex.slice(1), 16);
    const part = (shift) => Math.round(((n >> shift) & 255) * 0.65);
    return `rgb(${part(16)},${part(8)},${part(0)})`;
  }

  function starPoints(cx, cy, outer, inner, points, turn) {
    const out = [];
    for (let i = 0; i < points * 2; i++) {
      const radius = i % 2 === 0 ? outer : inner;
      const angle = ((turn + (i * 180) / points) * Math.PI) / 180;
      out.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
    }
    return out.join(" ");
  }

  // One of the six shapes in a 100-unit tile, as tile_art.draw_shape draws it.
  function shape(index, colour) {
    const edge = darker(colour);
    const paint = { fill: colour, stroke: edge, "stroke-width": 2.5, "stroke-linejoin": "round" };
    const g = svg("g");
    if (index === 0) g.append(svg("rect", Object.assign({ x: 25, y: 25, width: 50, height: 50, rx: 4 }, paint)));
    else if (index === 1) g.append(svg("circle", Object.assign({ cx: 50, cy: 50, r: 28 }, paint)));
    else if (index === 2) g.append(svg("polygon", Object.assign({ points: starPoints(50, 50, 37, 20, 8, -90 + 11.25) }, paint)));
    else if (index === 3) g.append(svg("polygon", Object.assign({ points: "50,15 76,50 50,85 24,50" }, paint)));
    else if (index === 4) {
      const lobes = [[0, -1], [1, 0], [0, 1], [-1, 0]].map(([dx, dy]) => [50 + dx * 15.5, 50 + dy * 15.5]);
      for (const [cx, cy] of lobes) g.append(svg("circle", { cx: cx, cy: cy, r: 14.5, fill: edge }));
      for (const [cx, cy] of lobes) g.append(svg("circle", { cx: cx, cy: cy, r: 12.5, fill: colour }));
      g.append(svg("circle", { cx: 50, cy: 50, r: 11.5, fill: colour }));
    } else g.append(svg("polygon", Object.assign({ points: starPoints(50, 50, 38, 11, 4, -45) }, paint)));
    return g;
  }

  // A tile (its face and its shape) in a 100-unit box; `code` is the notation's, e.g. "C1".
  function tile(scene, code, extra) {
    const g = svg("g", { class: "qw-face" + (extra ? " " + extra : "") });
    g.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 13, class: "qw-body" }));
    const index = scene.shapes.indexOf(code[0]);
    const colour = COLOURS[Number(code[1])] || "#888";
    if (index >= 0) g.append(shape(index, colour));
    return g;
  }

  function tileName(api, scene, code) {
    const index = scene.shapes.indexOf(code[0]);
    const colour = COLOUR_WORDS[Number(code[1])];
    if (index < 0 || colour === undefined) return code;
    return `${api.t(`${colour} ${SHAPE_WORDS[index]}`)} (${code})`;
  }

  function seatName(api, index) {
    const seat = (api.state.seats || [])[index] || {};
    if (seat.default_name === true && Number.isInteger(seat.level)) return api.t("Computer {level}", { level: seat.level });
    return String(seat.name || api.t("Seat {n}", { n: index + 1 }));
  }

  const at = (r, c) => `${r},${c}`;

  // ----- what may be played, from the scene's folded placements -----------------------------------------
  // Whether each square of `squares` (indexes) can take one of `tiles` (indexes), each tile once,
  // where the fold says it fits: the rest of a play once some of it is down.
  function fillable(fits, squares, tiles) {
    if (squares.length === 0) return true;
    const [first, ...rest] = squares;
    return tiles.some((t) => fits[first].includes(t) && fillable(fits, rest, tiles.filter((u) => u !== t)));
  }

  // Where the tiles put down lie in a fold: the fold's squares and tiles they take, or null.
  function within(play, pending) {
    const squares = new Set();
    const tiles = new Set();
    for (const p of pending) {
      const i = play.index.get(at(p.r, p.c));
      const j = play.tiles.indexOf(p.tile);
      if (i === undefined || j < 0 || tiles.has(j) || !play.fits[i].includes(j)) return null;
      squares.add(i);
      tiles.add(j);
    }
    return { squares: squares, tiles: tiles };
  }

  // Each fold with its squares indexed, made once per list of plays. Kept beside the scene, not
  // in it: the page builds the next scene from this one and would carry a stale copy along.
  const indexed = new WeakMap();

  function playsOf(choices) {
    let plays = indexed.get(choices.plays);
    if (!plays) {
      plays = choices.plays.map((play) => Object.assign({ index: new Map(play.squares.map(([r, c], i) => [at(r, c), i])) }, play));
      indexed.set(choices.plays, plays);
    }
    return plays;
  }

  // The squares (as "r,c") where `code` may go with the tiles put down.
  function litFor(scene, code) {
    const lit = new Set();
    const choices = scene.choices;
    if (!choices) return lit;
    const pending = ui.pending;
    if (choices.opening) return openingLit(scene, choices.opening, code);
    for (const play of playsOf(choices)) {
      if (play.tiles.length <= pending.length) continue;
      const j = play.tiles.indexOf(code);
      if (j < 0) continue;
      const down = within(play, pending);
      if (!down || down.tiles.has(j)) continue;
      const free = play.squares.map((_s, i) => i).filter((i) => !down.squares.has(i));
      const others = play.tiles.map((_t, k) => k).filter((k) => k !== j && !down.tiles.has(k));
      for (const i of free) {
        const [r, c] = play.squares[i];
        if (lit.has(at(r, c)) || !play.fits[i].includes(j)) continue;
        if (fillable(play.fits, free.filter((x) => x !== i), others)) lit.add(at(r, c));
      }
    }
    return lit;
  }

  function distinctWithin(set, codes) {
    return new Set(codes).size === codes.length && codes.every((code) => set.tiles.includes(code));
  }

  // On the empty board a play lies anywhere: its tiles must make one of the scene's sets, in one
  // unbroken row or column.
  function openingLit(scene, opening, code) {
    const lit = new Set();
    const codes = ui.pending.map((p) => p.tile).concat([code]);
    if (!opening.sets.some((set) => distinctWithin(set, codes))) return lit;
    const [top, left, bottom, right] = scene.area;
    if (ui.pending.length === 0) {
      for (let r = top; r <= bottom; r++) for (let c = left; c <= right; c++) lit.add(at(r, c));
      return lit;
    }
    const taken = new Set(ui.pending.map((p) => at(p.r, p.c)));
    for (const p of ui.pending) {
      for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
        const r = p.r + dr;
        const c = p.c + dc;
        if (r < 0 || c < 0 || r >= scene.rows || c >= scene.cols || taken.has(at(r, c))) continue;
        const squares = ui.pending.concat([{ r: r, c: c }]);
        if (squares.every((s) => s.r === r) || squares.every((s) => s.c === c)) lit.add(at(r, c));
      }
    }
    return lit;
  }

  // The score of the tiles put down when they make a legal play as they stand, else null.
  function pendingScore(scene) {
    const choices = scene.choices;
    const pending = ui.pending;
    if (!choices || pending.length === 0) return null;
    if (choices.opening) {
      const codes = pending.map((p) => p.tile);
      const set = choices.opening.sets.find((s) => s.tiles.length === codes.length && distinctWithin(s, codes));
      if (!set) return null;
      const rows = pending.map((p) => p.r);
      const cols = pending.map((p) => p.c);
      const span = (values) => Math.max(...values) - Math.min(...values) + 1;
      const oneRow = new Set(rows).size === 1 && span(cols) === pending.length;
      const oneCol = new Set(cols).size === 1 && span(rows) === pending.length;
      return oneRow || oneCol ? set.score : null;
    }
    const play = playsOf(choices).find((p) => p.tiles.length === pending.length && within(p, pending));
    return play ? play.score : null;
  }

  function moveText(scene) {
    const letters = scene.letters;
    return ui.pending.map((p) => letters[p.r] + letters[p.c] + p.tile).join(" ");
  }

  // ----- drawing ------------------------------------------------------------------------------------
  function draw(host, scene, api) {
    page = api;
    const key = `${api.state.table}:${api.state.version}:${api.seat}`;
    if (ui.key !== key) ui = fresh(key);
    const mine = !!scene.choices && api.seat !== null && api.state.to_move === api.seat;
    const redraw = () => draw(host, scene, api);

    const hand = scene.hand || [];
    const used = new Set(ui.pending.map((p) => p.index));
    const picked = ui.picked !== null && !used.has(ui.picked) ? hand[ui.picked] : null;
    const lit = mine && picked && !ui.exchanging ? litFor(scene, picked) : new Set();
    const score = mine ? pendingScore(scene) : null;

    const root = el("div", {
      class: "qw",
      "data-version": String(api.state.version),
      "data-mine": mine ? "yes" : "no",
    });
    root.append(seatsBar(scene, api), lastLine(scene, api));
    const scroller = el("div", { class: "qw-scroll" });
    const drawn = board(scene, api, lit, score, redraw);
    scroller.append(drawn.picture);
    root.append(scroller);
    // the hand and its buttons, and beside them (below them on a phone) the tiles not seen yet
    const below = el("div", { class: "qw-below" });
    if (scene.hand) below.append(rackArea(scene, api, hand, used, mine, score, redraw));
    below.append(tracker(scene, api));
    root.append(below);
    // a redraw of the same position keeps the board where the player scrolled it (a phone shows
    // a large board wider than the screen); a new position brings its last play into view
    const before = host.querySelector(".qw-scroll");
    const kept = before && drawnKey === key ? [before.scrollLeft, before.scrollTop] : null;
    // and keeps the keyboard's place (the stage gives the focus back to the same data-focus)
    api.stage.show(host, root);
    drawnKey = key;
    if (kept) [scroller.scrollLeft, scroller.scrollTop] = kept;
    else if (scroller.scrollWidth > scroller.clientWidth) {
      const scale = drawn.picture.getBoundingClientRect().width / drawn.width;
      scroller.scrollLeft = drawn.focus * scale - scroller.clientWidth / 2;
    }
  }

  function seatsBar(scene, api) {
    const bar = el("div", { class: "qw-seats" });
    scene.scores.forEach((points, index) => {
      const mover = api.state.to_move === index && !api.state.outcome;
      const chip = el("div", { class: "qw-seat" + (mover ? " qw-to-move" : "") + (index === api.seat ? " qw-me" : "") });
      chip.append(el("span", { class: "qw-marker" }, String(index + 1)));
      const who = el("span", { class: "qw-who" });
      who.append(el("span", { class: "qw-name" }, seatName(api, index)));
      const count = scene.hand_sizes[index];
      who.append(el("span", { class: "qw-count" }, api.tn("{n} tile", "{n} tiles", count)));
      chip.append(who, el("strong", { class: "qw-points", "aria-label": api.tn("{n} point", "{n} points", points) }, String(points)));
      bar.append(chip);
    });
    const bag = el("div", { class: "qw-bag" });
    bag.append(el("span", { class: "qw-bag-icon", "aria-hidden": "true" }), api.tn("{n} tile in the bag", "{n} tiles in the bag", scene.bag));
    bar.append(bag);
    return bar;
  }

  function lastLine(scene, api) {
    const line = el("p", { class: "qw-last" });
    const last = scene.last;
    if (!last) return line;
    const name = seatName(api, last.seat);
    if (last.kind === "place") {
      const points = api.tn("{n} point", "{n} points", last.score);
      line.textContent = api.tn(
        "{name} placed {n} tile ({play}) for {points} ({parts}); total {total}.",
        "{name} placed {n} tiles ({play}) for {points} ({parts}); total {total}.",
        last.squares.length,
        { name: name, play: last.play, points: points, parts: last.parts, total: last.total },
      );
      if (last.qwirkles) line.append(" ", el("strong", { class: "qw-cheer" }, api.t(last.qwirkles === 1 ? "Qwirkle!" : "Two Qwirkles!")));
      if (last.end_bonus) line.append(" ", el("strong", { class: "qw-cheer" }, api.t("Last tile: +{n}", { n: last.end_bonus })));
    } else if (last.kind === "exchange") {
      line.textContent = api.tn("{name} exchanged {n} tile.", "{name} exchanged {n} tiles.", last.tiles, { name: name });
    } else {
      line.textContent = api.t("{name} could not place a tile and passed.", { name: name });
    }
    return line;
  }

  function board(scene, api, lit, score, redraw) {
    // the scene's frame, widened to the squares lit and the tiles put down (the opening grows)
    let [top, left, bottom, right] = scene.area;
    const squares = [...lit].map((k) => k.split(",").map(Number)).concat(ui.pending.map((p) => [p.r, p.c]));
    for (const [r, c] of squares) {
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
    }
    const rows = bottom - top + 1;
    const cols = right - left + 1;
    const width = LABEL + cols * CELL + 8;
    const height = LABEL + rows * CELL + 8;
    const picture = svg("svg", { class: "qw-board", viewBox: `0 0 ${width} ${height}` });
    // squares never smaller than a fingertip: a narrow screen scrolls the board instead
    picture.style.minWidth = `${Math.round((width * MIN_SQUARE) / CELL)}px`;
    const x = (c) => LABEL + (c - left) * CELL;
    const y = (r) => LABEL + (r - top) * CELL;
    picture.append(svg("rect", { x: LABEL, y: LABEL, width: cols * CELL, height: rows * CELL, rx: 10, class: "qw-felt" }));
    for (let c = left + 1; c <= right; c++) picture.append(svg("line", { x1: x(c), y1: LABEL, x2: x(c), y2: y(bottom + 1), class: "qw-line" }));
    for (let r = top + 1; r <= bottom; r++) picture.append(svg("line", { x1: LABEL, y1: y(r), x2: x(right + 1), y2: y(r), class: "qw-line" }));
    // the board's own edges, where the frame reaches them: no line grows past them
    const edges = [
      [top === 0, LABEL, LABEL, x(right + 1), LABEL],
      [bottom === scene.rows - 1, LABEL, y(bottom + 1), x(right + 1), y(bottom + 1)],
      [left === 0, LABEL, LABEL, LABEL, y(bottom + 1)],
      [right === scene.cols - 1, x(right + 1), LABEL, x(right + 1), y(bottom + 1)],
    ];
    for (const [shown, x1, y1, x2, y2] of edges) {
      if (shown) picture.append(svg("line", { x1: x1, y1: y1, x2: x2, y2: y2, class: "qw-edge" }));
    }
    for (let c = left; c <= right; c++) picture.append(svg("text", { x: x(c) + CELL / 2, y: LABEL - 12, class: "qw-label" }, scene.letters[c]));
    for (let r = top; r <= bottom; r++) picture.append(svg("text", { x: LABEL / 2, y: y(r) + CELL / 2 + 10, class: "qw-label" }, scene.letters[r]));

    const last = new Set(((scene.last && scene.last.squares) || []).map(([r, c]) => at(r, c)));
    for (const [r, c, code] of scene.board) {
      if (r < top || r > bottom || c < left || c > right) continue;
      const g = svg("g", { transform: `translate(${x(c)},${y(r)})` });
      g.append(tile(scene, code, last.has(at(r, c)) ? "qw-last-tile" : ""));
      g.append(svg("title", {}, tileName(api, scene, code)));
      picture.append(g);
    }
    for (const key of lit) {
      const [r, c] = key.split(",").map(Number);
      const name = scene.letters[r] + scene.letters[c];
      const square = svg("rect", {
        x: x(c) + 5, y: y(r) + 5, width: CELL - 10, height: CELL - 10, rx: 12,
        class: "qw-lit", "data-square": name, "data-focus": "square-" + name, "aria-label": name,
        tabindex: 0, role: "button",
      });
      api.press(square, () => {
        ui.pending.push({ index: ui.picked, r: r, c: c, tile: (scene.hand || [])[ui.picked] });
        ui.picked = null;
        redraw();
      });
      picture.append(square);
    }
    ui.pending.forEach((p, n) => {
      const name = scene.letters[p.r] + scene.letters[p.c];
      const g = svg("g", {
        transform: `translate(${x(p.c)},${y(p.r)})`, class: "qw-pending", "data-square": name,
        "data-focus": "square-" + name, "aria-label": `${name} ${tileName(api, scene, p.tile)}`,
        tabindex: 0, role: "button",
      });
      g.append(tile(scene, p.tile, ""));
      g.append(svg("rect", { x: 2, y: 2, width: 96, height: 96, rx: 14, class: "qw-pending-ring" }));
      g.append(svg("title", {}, tileName(api, scene, p.tile)));
      // a tile put down goes back to the hand, still chosen, to go elsewhere
      api.press(g, () => {
        ui.pending.splice(n, 1);
        ui.picked = p.index;
        redraw();
      });
      picture.append(g);
    });
    if (score !== null && ui.pending.length) {
      const p = ui.pending[ui.pending.length - 1];
      const bubble = svg("g", { transform: `translate(${x(p.c) + CELL - 8},${y(p.r) + 8})`, class: "qw-bubble" });
      bubble.append(svg("circle", { r: 30 }), svg("text", { y: 11 }, `+${score}`));
      picture.append(bubble);
    }
    // where to scroll to on a narrow screen: the tiles put down, else the last play, else the middle
    const shown = ui.pending.length ? ui.pending.map((p) => [p.r, p.c]) : (scene.last && scene.last.squares) || [];
    const middle = shown.length ? shown.reduce((sum, [, c]) => sum + c, 0) / shown.length : (left + right) / 2;
    return { picture: picture, width: width, focus: x(middle) + CELL / 2 };
  }

  function handTile(scene, api, code, classes, focusKey) {
    const button = el("button", { type: "button", class: "qw-tile " + classes, "data-tile": code, "aria-label": tileName(api, scene, code), "data-focus": focusKey });
    const picture = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
    picture.append(tile(scene, code, ""));
    button.append(picture);
    return button;
  }

  function rackArea(scene, api, hand, used, mine, score, redraw) {
    const box = el("div", { class: "qw-rackbox" });
    box.append(el("p", { class: "qw-prompt", role: "status" }, mine ? prompt(scene, api, hand, used, score) : ""));
    const rack = el("div", { class: "qw-rack", "aria-label": api.t("Your hand") });
    hand.forEach((code, index) => {
      if (used.has(index)) {
        rack.append(el("span", { class: "qw-slot", "aria-hidden": "true" }));
        return;
      }
      let classes = "";
      if (ui.exchanging && ui.marked.has(index)) classes += " qw-marked";
      if (!ui.exchanging && ui.picked === index) classes += " qw-picked";
      if (mine && !ui.exchanging && litFor(scene, code).size === 0) classes += " qw-dead";
      const button = handTile(scene, api, code, classes, "tile-" + index);
      button.disabled = !mine;
      button.setAttribute("aria-pressed", classes.includes("qw-picked") || classes.includes("qw-marked") ? "true" : "false");
      button.addEventListener("click", () => {
        if (ui.exchanging) {
          if (ui.marked.has(index)) ui.marked.delete(index);
          else ui.marked.add(index);
        } else {
          ui.picked = ui.picked === index ? null : index;
        }
        redraw();
      });
      rack.append(button);
    });
    box.append(rack);
    if (mine) box.append(buttons(scene, api, score, redraw));
    return box;
  }

  function action(label, name, onClick, options) {
    const button = el("button", { type: "button", "data-action": name, "data-focus": "action-" + name, class: (options && options.primary) ? "primary" : "" }, label);
    button.disabled = !!(options && options.disabled);
    button.addEventListener("click", onClick);
    return button;
  }

  function buttons(scene, api, score, redraw) {
    const row = el("div", { class: "qw-actions" });
    const choices = scene.choices;
    if (choices.pass) {
      row.append(action(api.t("Pass"), "pass", () => api.play("pass"), { primary: true }));
      return row;
    }
    if (ui.exchanging) {
      const n = ui.marked.size;
      const label = n ? api.tn("Exchange {n} tile", "Exchange {n} tiles", n) : api.t("Exchange");
      const tiles = [...ui.marked].sort((a, b) => a - b).map((i) => scene.hand[i]);
      row.append(
        action(api.t("Cancel"), "cancel", () => { ui.exchanging = false; ui.marked.clear(); redraw(); }),
        action(label, "exchange", () => api.play("x " + tiles.join(" ")), { primary: true, disabled: n === 0 || n > choices.exchange }),
      );
      return row;
    }
    row.append(action(api.t("Exchange…"), "swap", () => {
      ui.exchanging = true;
      ui.pending = [];
      ui.picked = null;
      redraw();
    }, { disabled: choices.exchange === 0 }));
    if (ui.pending.length) {
      row.append(action(api.t("Take the tiles back"), "back", () => { ui.pending = []; ui.picked = null; redraw(); }));
    }
    const label = score !== null ? api.t("Play +{n}", { n: score }) : api.t("Play the tiles");
    row.append(action(label, "play", () => api.play(moveText(scene)), { primary: true, disabled: score === null }));
    return row;
  }

  function prompt(scene, api, hand, used, score) {
    const choices = scene.choices;
    const me = seatName(api, api.seat);
    if (choices.pass) return api.t("{name} must pass: click Pass.", { name: me });
    if (ui.exchanging) return api.t("Choose the tiles to give back, then Exchange.");
    if (score !== null) {
      return api.t("{name}: this play scores {points} — press Play, or add tiles.", { name: me, points: api.tn("{n} point", "{n} points", score) });
    }
    if (ui.picked !== null && !used.has(ui.picked)) {
      return litFor(scene, hand[ui.picked]).size ? api.t("Put the tile on a lit square.") : api.t("This tile cannot go anywhere with the tiles put down.");
    }
    if (ui.pending.length) return api.t("Not playable yet: add tiles, or take some back.");
    const placeable = hand.some((code) => litFor(scene, code).size > 0);
    return placeable ? api.t("Choose a tile of your hand, then a lit square.") : api.t("None of your tiles can be placed: exchange some.");
  }

  // The tiles this seat has not seen yet (bag and other hands): colours down, shapes across.
  function tracker(scene, api) {
    const box = el("div", { class: "qw-tracker" });
    box.append(el("h3", {}, api.t("Not seen yet (bag and other hands)")));
    const table = el("table");
    const head = el("tr");
    head.append(el("th"));
    for (let s = 0; s < 6; s++) {
      const cell = el("th", { title: api.t(SHAPE_WORDS[s]) });
      const icon = svg("svg", { viewBox: "10 10 80 80", class: "qw-icon", "aria-label": api.t(SHAPE_WORDS[s]) });
      icon.append(shape(s, "#a9b8ae"));
      cell.append(icon);
      head.append(cell);
    }
    head.append(el("th", { class: "qw-sum" }, "Σ"));
    table.append(head);
    const byShape = [0, 0, 0, 0, 0, 0];
    scene.unseen.forEach((counts, colour) => {
      const row = el("tr");
      const swatch = el("th", { title: api.t(COLOUR_WORDS[colour]) });
      swatch.append(el("span", { class: `qw-swatch qw-colour-${colour}`, "aria-label": api.t(COLOUR_WORDS[colour]) }, String(colour)));
      row.append(swatch);
      counts.forEach((n, s) => {
        byShape[s] += n;
        row.append(el("td", { class: n ? "" : "qw-none" }, n ? String(n) : "–"));
      });
      row.append(el("td", { class: "qw-sum" }, String(counts.reduce((a, b) => a + b, 0))));
      table.append(row);
    });
    const totals = el("tr", { class: "qw-sum" });
    totals.append(el("th", {}, "Σ"));
    for (const n of byShape) totals.append(el("td", {}, String(n)));
    totals.append(el("td", {}, String(byShape.reduce((a, b) => a + b, 0))));
    table.append(totals);
    box.append(table);
    return box;
  }

  window.Ludoteca.drawers.qwirkle = draw;
})();
