// Othello on the web client's page: the green board with its coordinates, the discs, the squares
// the player may take shown as small dots, and the last move played again once: the new disc
// comes down and the discs it outflanked turn over in a wave from it. The page runs no rules: the
// squares offered, the forced pass and the discs turned all come from the scene
// (games/othello/web_scene.py). The page's policy forbids inline styles, so looks are classes from
// draw.css and SVG attributes; motion is the Web Animations API.
"use strict";

(() => {
  const CELL = 100;
  // room for the coordinates above and left of the board, and the felt's border
  const LABEL = 46;
  const EDGE = 14;
  const DISC = 41;
  // the window's pace: the new disc lands, then the flips start one ring of squares after another
  const PLACE = 220;
  const FLIP = 360;
  const WAVE = 70;
  const SEAT_WORDS = ["Black", "White"];
  // the window's colours (window.py, OthelloColours)
  const FACES = ["#1c1c1e", "#f0eee6"];

  // Only a new move is played again, once (the page's stage, api.stage, remembers what was drawn).
  function draw(host, scene, api) {
    const state = api.state || {};
    const stage = api.stage;
    const { moved } = stage.see(state);
    const mine = api.seat !== null && state.to_move === api.seat && (scene.targets.length > 0 || Boolean(scene.pass));

    const root = api.html("div", { class: "ot", "data-version": String(state.version), "data-mine": mine ? "yes" : "no" });
    // a redraw while the last move is still turning discs keeps the picture that turns them
    const svg = stage.picture(moved, () => board(scene, api, mine, stage.send), (drawn) => animate(scene, drawn));
    root.append(seatsBar(scene, api), svg, note(scene, api, mine));
    stage.show(host, root);
  }

  // ----- the board -----------------------------------------------------------------------------------
  function board(scene, api, mine, play) {
    const n = scene.size;
    const origin = LABEL + EDGE;
    const side = origin + n * CELL + EDGE + 6;
    const x = (c) => origin + c * CELL + CELL / 2;
    const y = (r) => origin + r * CELL + CELL / 2;
    const svg = api.svg("svg", { class: "ot-board", viewBox: `0 0 ${side} ${side}`, role: "group", "aria-label": api.t("Othello") });
    const defs = api.svg("defs", {}, svg);
    const shine = api.svg("radialGradient", { id: "ot-shine", cx: 0.36, cy: 0.3, r: 0.75 }, defs);
    api.svg("stop", { offset: 0, "stop-color": "#ffffff", "stop-opacity": 0.32 }, shine);
    api.svg("stop", { offset: 0.5, "stop-color": "#ffffff", "stop-opacity": 0.04 }, shine);
    api.svg("stop", { offset: 1, "stop-color": "#000000", "stop-opacity": 0.22 }, shine);

    const felt = api.svg("g", { class: "ot-felt" }, svg);
    api.svg("rect", { x: LABEL, y: LABEL, width: n * CELL + 2 * EDGE, height: n * CELL + 2 * EDGE, rx: 16, class: "ot-edge" }, felt);
    api.svg("rect", { x: LABEL + 5, y: LABEL + 5, width: n * CELL + 2 * EDGE - 10, height: n * CELL + 2 * EDGE - 10, rx: 12, class: "ot-cloth" }, felt);
    const lines = [];
    for (let i = 0; i <= n; i++) {
      lines.push(`M${origin + i * CELL} ${origin}V${origin + n * CELL}`, `M${origin} ${origin + i * CELL}H${origin + n * CELL}`);
    }
    api.svg("path", { d: lines.join(""), class: "ot-lines" }, felt);
    if (n === 8) {
      for (const [gx, gy] of [[2, 2], [6, 2], [2, 6], [6, 6]]) api.svg("circle", { cx: origin + gx * CELL, cy: origin + gy * CELL, r: 7, class: "ot-star" }, felt);
    }
    for (let i = 0; i < n; i++) {
      api.svg("text", { x: x(i), y: LABEL - 12, class: "ot-label" }, felt).textContent = scene.files[i];
      api.svg("text", { x: LABEL / 2 + 2, y: y(i) + 11, class: "ot-label" }, felt).textContent = scene.ranks[i];
    }

    const marks = api.svg("g", { class: "ot-marks" }, svg);
    const last = scene.last;
    if (last && last.at) {
      api.svg("rect", { x: x(last.at[0]) - CELL / 2 + 5, y: y(last.at[1]) - CELL / 2 + 5, width: CELL - 10, height: CELL - 10, rx: 10, class: "ot-last" }, marks);
    }
    const layer = api.svg("g", { class: "ot-discs" }, svg);
    const discs = new Map();
    for (const [c, r, seat] of scene.discs) discs.set(`${c},${r}`, disc(api, layer, seat, x(c), y(r)));

    if (mine) {
      const targets = api.svg("g", { class: "ot-targets" }, svg);
      for (const [c, r, move] of scene.targets) {
        const square = api.svg("g", {
          class: "ot-target playable", "data-move": move, "data-focus": `square-${move}`, role: "button", tabindex: 0,
          "aria-label": api.t("Place a disc on {square}", { square: move }),
        }, targets);
        api.svg("rect", { x: x(c) - CELL / 2, y: y(r) - CELL / 2, width: CELL, height: CELL, class: "ot-hit" }, square);
        api.svg("circle", { cx: x(c), cy: y(r), r: 13, class: `ot-dot ot-dot-${api.seat}` }, square);
        api.svg("circle", { cx: x(c), cy: y(r), r: DISC, class: `ot-ghost ot-dot-${api.seat}` }, square);
        api.press(square, () => play(move));
      }
    }
    return { svg: svg, discs: discs, marks: marks };
  }

  // A disc centred on (cx, cy): the outer group stands there, the inner one turns over.
  function disc(api, parent, seat, cx, cy) {
    const outer = api.svg("g", { transform: `translate(${cx},${cy})`, class: "ot-disc" }, parent);
    const body = api.svg("g", { class: "ot-body" }, outer);
    api.svg("circle", { cx: 2.5, cy: 4.5, r: DISC, class: "ot-shadow" }, body);
    const face = api.svg("circle", { r: DISC, fill: FACES[seat], class: `ot-face ot-face-${seat}` }, body);
    api.svg("circle", { r: DISC, fill: "url(#ot-shine)", class: "ot-gloss" }, body);
    return { outer: outer, body: body, face: face, seat: seat };
  }

  // ----- the last move, played again -------------------------------------------------------------------
  // Returns how long it lasts (ms).
  function animate(scene, drawn) {
    const last = scene.last;
    if (!last || !last.at) return 0;
    const placed = drawn.discs.get(`${last.at[0]},${last.at[1]}`);
    if (placed) {
      placed.outer.classList.add("ot-placed");
      placed.body.animate(
        [
          { transform: "translate(0px,-14px) scale(1.25)", opacity: 0 },
          { transform: "translate(0px,0px) scale(0.96)", opacity: 1, offset: 0.75 },
          { transform: "translate(0px,0px) scale(1)", opacity: 1 },
        ],
        { duration: PLACE, easing: "ease-in" },
      );
    }
    let end = PLACE;
    for (const [c, r] of last.flipped) {
      const turned = drawn.discs.get(`${c},${r}`);
      if (!turned) continue;
      // one ring of squares after another, from the new disc outwards
      const distance = Math.max(Math.abs(c - last.at[0]), Math.abs(r - last.at[1]));
      const delay = PLACE * 0.6 + (distance - 1) * WAVE;
      end = Math.max(end, delay + FLIP);
      const before = FACES[1 - turned.seat];
      const after = FACES[turned.seat];
      turned.outer.classList.add("ot-flipping");
      const timing = { duration: FLIP, delay: delay, fill: "backwards" };
      // edge-on half way, and the other face from there: the colour changes while it cannot be seen
      turned.body.animate(
        [
          { transform: "scale(1,1)", easing: "ease-in" },
          { transform: "scale(0,1.08)", offset: 0.5, easing: "ease-out" },
          { transform: "scale(1,1)" },
        ],
        timing,
      );
      turned.face.animate([{ fill: before }, { fill: before, offset: 0.5 }, { fill: after, offset: 0.5 }, { fill: after }], timing);
    }
    drawn.marks.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 160, delay: PLACE, fill: "backwards" });
    return end;
  }

  // ----- words around the board --------------------------------------------------------------------------
  // the page's bar of players, with each one's discs on the board
  function seatsBar(scene, api) {
    const { bar, chips } = api.seatBar(SEAT_WORDS.map((word) => api.t(word)));
    chips.forEach((chip, index) => {
      const count = scene.counts[index];
      api.html("strong", {
        class: "drawing-figure ot-count", "data-seat": String(index),
        "aria-label": api.t("{label}: {value}", { label: api.t(SEAT_WORDS[index]), value: api.tn("{n} disc", "{n} discs", count) }),
      }, String(count), chip);
    });
    api.html("span", { class: "drawing-aside ot-empties" }, api.t("Empty squares: {n}", { n: scene.empties }), bar);
    return bar;
  }

  function note(scene, api, mine) {
    const box = api.html("div", { class: "drawing-note ot-note", role: "status" });
    const last = scene.last;
    if (last) api.html("p", { class: "drawing-said" }, lastWords(scene, api, last), box);
    if (!mine) return box;
    const me = api.t(SEAT_WORDS[api.seat]);
    if (scene.pass) {
      const row = api.html("div", { class: "ot-pass-row" }, null, box);
      api.html("p", { class: "drawing-prompt" }, api.t("{name} has no legal move and must pass.", { name: me }), row);
      const button = api.html("button", {
        type: "button", class: "ot-pass playable primary", "data-move": scene.pass, "data-focus": "pass", "aria-label": api.t("Pass"),
      }, api.t("Pass"), row);
      button.addEventListener("click", () => api.stage.send(scene.pass));
    } else {
      api.html("p", { class: "drawing-prompt" }, api.t("{name} to play: click a dotted square.", { name: me }), box);
    }
    return box;
  }

  // the window's sentences (OthelloGame.describe_last), worded here
  function lastWords(scene, api, last) {
    const name = api.t(SEAT_WORDS[last.seat]);
    if (!last.at) return api.t("{name} had no move and passed.", { name: name });
    const discs = last.flipped.map(([c, r]) => scene.files[c] + scene.ranks[r]);
    if (discs.length === 1) return api.t("{name} played {square} and flipped {discs}.", { name: name, square: last.move, discs: discs[0] });
    return api.t("{name} played {square} and flipped {count} discs: {discs}.", {
      name: name, square: last.move, count: discs.length, discs: discs.join(", "),
    });
  }

  window.Ludoteca.drawers.othello = draw;
})();
