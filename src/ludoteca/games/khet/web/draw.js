// Khet on the web client's page, both editions: the board, the pieces with their facings, the
// last shot travelling square by square, and moves chosen by clicks or taps. The page runs no
// rules: every move offered is one the server listed in the scene (games/khet/web_scene.py), sent
// back as its text in Khet notation. The page's policy forbids inline styles, so looks are SVG
// presentation attributes and classes from draw.css; motion is the Web Animations API.
"use strict";

(() => {
  const CELL = 100;
  // the frame round the squares: room for the fixed lasers' housings of the Horus edition
  const EDGE = 46;
  // the window's pace: the light takes about 40 ms a square, a piece a quarter second to move
  const PER_SQUARE = 45;
  const SLIDE = 240;
  const FADE = 420;
  const COLOUR_NAMES = ["Silver", "Red"];
  const KIND_NAMES = {
    K: "Pharaoh", X: "Sphinx", P: "Pyramid", S: "Scarab", A: "Anubis", O: "Obelisk", D: "Djed", E: "Eye of Horus",
  };

  // the window's Khet palette (window_look.py), so both clients show the same board
  const LOOK = {
    frame: "#22262a", frameLight: "#3a4046", squares: ["#424a50", "#485057"], line: "#2c3237",
    reserved: ["#68727c", "#7a3e3c"],
    body: ["#ced4dc", "#b82e2c"], edge: ["#707884", "#681416"], relief: ["#ecf0f5", "#d85c54"],
    mirror: "#d6ecfa", glint: "#ffffff", mirrorEdge: "#34465c",
    shield: "#cea040", shieldEdge: "#705016", crown: "#f0c448",
    beam: ["#60ccff", "#ff7838"], core: ["#e2f8ff", "#ffe8c8"], burst: "#ffeca0", accent: "#e8b64a",
  };

  function mix(a, b, t) {
    const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
    const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
    return "#" + pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, "0")).join("");
  }

  // the page's element builders (api.svg, api.html), taken from each call of the drawer
  let page = null;
  const el = (name, attributes, parent) => page.svg(name, attributes, parent);

  const points = (list) => list.map(([x, y]) => `${x},${y}`).join(" ");

  // What survives a new call for the same position (a seat connecting, the language changing): the
  // piece chosen and the move sent. Only a new position plays its shot, so a re-render does not
  // fire the beam again.
  let memory = { key: null, selected: null, topOnly: false, sent: false, refresh: null };

  // ----- the pieces, drawn in a cell of 100 centred on 0, at rest facing up the screen ------------------
  // Each drawer fills four layers: `shadow` (silhouettes, turned with the piece), `under` and `over`
  // (parts that never turn: a round body, a crown) and `turned` (what shows the facing).
  function bar(g, a, b, faces) {
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: LOOK.mirrorEdge, "stroke-width": 13 }, g);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: LOOK.mirror, "stroke-width": 9 }, g);
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length = Math.hypot(dx, dy);
    for (const side of faces) {
      const nx = (-dy / length) * 3 * side;
      const ny = (dx / length) * 3 * side;
      el("line", {
        x1: a[0] * 0.8 + nx, y1: a[1] * 0.8 + ny, x2: b[0] * 0.8 + nx, y2: b[1] * 0.8 + ny,
        stroke: LOOK.glint, "stroke-width": 1.8, "stroke-linecap": "round",
      }, g);
    }
  }

  function body(layers, side, radius) {
    el("circle", { r: radius }, layers.shadow);
    el("circle", { r: radius, fill: LOOK.edge[side] }, layers.under);
    el("circle", { r: radius * 0.9, fill: `url(#khet-body-${side})` }, layers.under);
    el("circle", {
      cx: -radius * 0.25, cy: -radius * 0.3, r: radius * 0.35, fill: LOOK.relief[side], opacity: 0.45,
    }, layers.under);
  }

  const DRAW = {
    P(layers, side) {
      const nw = [-41, -41], se = [41, 41], sw = [-41, 41], apex = [-17, 17];
      el("polygon", { points: points([nw, se, sw]) }, layers.shadow);
      const g = layers.turned;
      el("polygon", {
        points: points([nw, se, sw]), fill: LOOK.body[side], stroke: LOOK.edge[side], "stroke-width": 3,
        "stroke-linejoin": "round",
      }, g);
      el("polygon", { points: points([nw, apex, sw]), fill: mix(LOOK.body[side], LOOK.relief[side], 0.55) }, g);
      el("polygon", { points: points([sw, apex, se]), fill: mix(LOOK.body[side], LOOK.edge[side], 0.35) }, g);
      bar(g, [-38, -42], [42, 38], [-1]);
    },
    S(layers, side) {
      el("ellipse", { rx: 27, ry: 37 }, layers.shadow);
      const g = layers.turned;
      el("ellipse", { rx: 27, ry: 37, fill: LOOK.edge[side] }, g);
      el("ellipse", { rx: 24, ry: 34, fill: LOOK.body[side] }, g);
      el("ellipse", { cx: -6, cy: -10, rx: 9, ry: 16, fill: LOOK.relief[side], opacity: 0.5 }, g);
      el("line", { x1: 0, y1: -32, x2: 0, y2: 32, stroke: LOOK.edge[side], "stroke-width": 2 }, g);
      bar(g, [-40, 40], [40, -40], [1, -1]);
    },
    D(layers, side) {
      el("rect", { x: -22, y: -36, width: 44, height: 72, rx: 4 }, layers.shadow);
      const g = layers.turned;
      el("rect", {
        x: -22, y: -36, width: 44, height: 72, rx: 4, fill: LOOK.body[side], stroke: LOOK.edge[side], "stroke-width": 3,
      }, g);
      for (const y of [-24, -14, -4]) {
        el("line", { x1: -22, y1: y, x2: 22, y2: y, stroke: LOOK.edge[side], "stroke-width": 2.5 }, g);
      }
      bar(g, [-40, 40], [40, -40], [1, -1]);
    },
    E(layers, side) {
      body(layers, side, 34);
      const g = layers.turned;
      el("ellipse", {
        rx: 24, ry: 12, transform: "rotate(45)", fill: LOOK.relief[side], stroke: LOOK.edge[side], "stroke-width": 2,
      }, g);
      el("circle", { r: 7, fill: LOOK.edge[side] }, g);
      // a half-mirror: striped, for light partly goes through
      el("line", { x1: -40, y1: 40, x2: 40, y2: -40, stroke: LOOK.mirrorEdge, "stroke-width": 9 }, g);
      el("line", {
        x1: -40, y1: 40, x2: 40, y2: -40, stroke: LOOK.mirror, "stroke-width": 6, "stroke-dasharray": "8.6 7.5",
        "stroke-dashoffset": -2,
      }, g);
    },
    A(layers, side) {
      body(layers, side, 32);
      const g = layers.turned;
      el("polygon", { points: points([[-16, -12], [-9, -30], [-2, -12]]), fill: LOOK.edge[side] }, g);
      el("polygon", { points: points([[16, -12], [9, -30], [2, -12]]), fill: LOOK.edge[side] }, g);
      // the shield on its front: light striking it is absorbed
      const arc = (r, degrees) => [r * Math.sin((degrees * Math.PI) / 180), -r * Math.cos((degrees * Math.PI) / 180)];
      const [o1, o2, i1, i2] = [arc(45, -52), arc(45, 52), arc(35, 52), arc(35, -52)];
      el("path", {
        d: `M${o1} A45 45 0 0 1 ${o2} L${i1} A35 35 0 0 0 ${i2} Z`,
        fill: LOOK.shield, stroke: LOOK.shieldEdge, "stroke-width": 1.6, "stroke-linejoin": "round",
      }, g);
    },
    X(layers, side) {
      const octagon = [[-38, -30], [-30, -38], [30, -38], [38, -30], [38, 30], [30, 38], [-30, 38], [-38, 30]];
      el("polygon", { points: points(octagon) }, layers.shadow);
      el("polygon", {
        points: points(octagon), fill: LOOK.body[side], stroke: LOOK.shield, "stroke-width": 4.5,
        "stroke-linejoin": "round",
      }, layers.under);
      const g = layers.turned;
      el("rect", { x: -9, y: -40, width: 18, height: 46, rx: 2, fill: LOOK.edge[side] }, g);
      el("circle", { cy: -33, r: 7, fill: LOOK.beam[side] }, g);
      el("circle", {
        cy: 10, r: 14, fill: mix(LOOK.body[side], LOOK.relief[side], 0.6), stroke: LOOK.edge[side], "stroke-width": 2,
      }, g);
    },
    K(layers, side) {
      body(layers, side, 38);
      const crown = [[-22, 12], [-24, -14], [-11, -2], [0, -20], [11, -2], [24, -14], [22, 12]];
      el("polygon", {
        points: points(crown), fill: LOOK.crown, stroke: LOOK.shieldEdge, "stroke-width": 2, "stroke-linejoin": "round",
      }, layers.over);
      el("circle", { cy: 20, r: 4.5, fill: LOOK.crown }, layers.over);
    },
    O(layers, side, height) {
      for (let level = 0; level < height; level++) {
        // the lower Obelisk shows below and to the right of the one on top
        const off = 7 * (height - 1 - level) - 3.5 * (height - 1);
        const h = 30;
        const square = [[-h + off, -h + off], [h + off, -h + off], [h + off, h + off], [-h + off, h + off]];
        el("polygon", { points: points(square) }, layers.shadow);
        el("polygon", {
          points: points(square), fill: LOOK.body[side], stroke: LOOK.edge[side], "stroke-width": 3,
        }, layers.under);
        square.forEach((corner, i) => {
          const tone = i === 0 || i === 3 ? LOOK.relief[side] : LOOK.edge[side];
          el("polygon", {
            points: points([corner, square[(i + 1) % 4], [off, off]]), fill: mix(LOOK.body[side], tone, 0.35),
            stroke: LOOK.edge[side], "stroke-width": 1, "stroke-linejoin": "round",
          }, layers.under);
        });
      }
      if (height > 1) {
        el("circle", { cx: 30, cy: 30, r: 12, fill: LOOK.crown, stroke: LOOK.shieldEdge, "stroke-width": 2 }, layers.over);
        for (const dy of [-3.5, 3.5]) {
          el("line", { x1: 25, y1: 30 + dy, x2: 35, y2: 30 + dy, stroke: LOOK.shieldEdge, "stroke-width": 2.5 }, layers.over);
        }
      }
    },
  };

  // A piece centred on (x, y): the outer group is where it stands, the inner one what moves.
  function piece(parent, [letter, side, angle, height], x, y, turnBy, className) {
    const outer = el("g", { transform: `translate(${x},${y})`, class: className || "khet-piece" }, parent);
    const moving = el("g", {}, outer);
    const turn = `rotate(${angle + turnBy})`;
    const layers = {
      shadow: el("g", { transform: `translate(3,5) ${turn}`, fill: "#000000", opacity: 0.32 }, moving),
      under: el("g", {}, moving),
      turned: null,
      over: null,
    };
    layers.turned = el("g", { transform: turn }, moving);
    layers.over = el("g", {}, moving);
    DRAW[letter](layers, side, height);
    return moving;
  }

  function pieceName(api, letter, side, height) {
    const kind = letter === "O" && height > 1 ? "Obelisk stack" : KIND_NAMES[letter];
    return api.t("{colour} {piece}", { colour: api.t(COLOUR_NAMES[side]), piece: api.t(kind) });
  }

  // ----- the drawer --------------------------------------------------------------------------------
  function draw(host, scene, api) {
    page = api;
    const state = api.state || {};
    const key = `${state.table}:${(state.moves || []).length}`;
    const fresh = memory.key !== key;
    if (fresh) memory = { key: key, selected: null, topOnly: false, sent: false, refresh: null };
    const flip = api.seat === 1; // Red sits at the other end of the board
    const turnBy = flip ? 180 : 0;
    const corner = (c, r) => (flip ? [(9 - c) * CELL, (7 - r) * CELL] : [c * CELL, r * CELL]);
    const middle = (c, r) => corner(c, r).map((v) => v + CELL / 2);
    const at = (x, y) => (flip ? [(10 - x) * CELL, (8 - y) * CELL] : [x * CELL, y * CELL]);
    const choices = scene.choices || [];
    const byCell = new Map(choices.map((choice) => [choice.at.join(","), choice]));
    const mine = choices.length > 0 || Boolean(scene.pass);

    const svg = el("svg", {
      class: "khet-board", viewBox: `${-EDGE} ${-EDGE} ${10 * CELL + 2 * EDGE} ${8 * CELL + 2 * EDGE}`,
      role: "group", "aria-label": api.t("Khet"),
    });
    defs(svg);
    cloth(svg, scene, api, corner, flip);
    const lastLayer = el("g", { class: "khet-last" }, svg);
    if (scene.last) {
      const squares = [scene.last.from.join(","), scene.last.to.join(",")];
      for (const cell of new Set(squares)) {
        const [x, y] = corner(...cell.split(",").map(Number));
        el("rect", {
          x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 6, fill: LOOK.accent, "fill-opacity": 0.14,
          stroke: LOOK.accent, "stroke-opacity": 0.8, "stroke-width": 3,
        }, lastLayer);
      }
    }
    const selection = el("g", { class: "khet-selection" }, svg);
    const pieceLayer = el("g", { class: "khet-pieces" }, svg);
    const moved = new Map();
    for (const [c, r, ...rest] of scene.pieces) {
      moved.set(`${c},${r}`, piece(pieceLayer, rest, ...middle(c, r), turnBy));
    }
    const animate = fresh && !api.stage.reduced();
    const ghostLayer = el("g", { class: "khet-ghosts" }, svg);
    labels(svg, flip);
    const beamLayer = el("g", { class: "khet-beam" }, svg);
    const overlay = el("g", { class: "khet-overlay" }, svg);
    const hits = el("g", { class: "khet-hits" }, svg);

    const wrapper = api.html("div", { class: "khet" });
    wrapper.append(svg);
    const barElement = api.html("div", { class: "khet-bar" }, null, wrapper);
    const hint = api.html("p", { class: "khet-hint" }, null, barElement);
    const buttons = api.html("div", { class: "khet-buttons" }, null, barElement);
    host.replaceChildren(wrapper);

    let shotAt = 0;
    if (animate && scene.last) shotAt = slide(scene.last, moved, corner);
    if (scene.beam) shoot(scene.beam, beamLayer, ghostLayer, at, middle, turnBy, animate ? shotAt : null);

    function send(move) {
      memory.sent = true;
      memory.selected = null;
      refresh();
      api.play(move);
      // a refused move (the position changed meanwhile) gives the choice back
      const sentFor = memory.key;
      setTimeout(() => {
        if (memory.key === sentFor && memory.sent && memory.refresh) {
          memory.sent = false;
          memory.refresh();
        }
      }, 4000);
    }

    function chosen() {
      const choice = choices.find((c) => c.square === memory.selected);
      if (!choice) memory.selected = null;
      return choice || null;
    }

    function targets(choice) {
      const found = new Map();
      if (!choice) return found;
      if (memory.topOnly) {
        for (const [c, r, move] of choice.top) found.set(`${c},${r}`, { move: move, how: "unstack" });
      } else {
        for (const [c, r, move, how] of choice.to) found.set(`${c},${r}`, { move: move, how: how });
      }
      return found;
    }

    function click(cell) {
      if (!mine || memory.sent) return;
      const choice = chosen();
      const target = targets(choice).get(cell);
      if (target) {
        send(target.move);
        return;
      }
      const other = byCell.get(cell);
      memory.selected = other && (!choice || other !== choice) ? other.square : null;
      memory.topOnly = false;
      refresh();
    }

    function refresh() {
      const choice = mine && !memory.sent ? chosen() : null;
      const lit = targets(choice);
      selection.replaceChildren();
      overlay.replaceChildren();
      hits.replaceChildren();
      if (choice) {
        const [x, y] = corner(...choice.at);
        el("rect", {
          x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 8, fill: LOOK.accent, "fill-opacity": 0.3,
          stroke: LOOK.accent, "stroke-width": 5,
        }, selection);
      }
      for (let r = 0; r < 8; r++) {
        for (let c = 0; c < 10; c++) {
          const cell = `${c},${r}`;
          const [x, y] = corner(c, r);
          const target = lit.get(cell);
          const movable = mine && !memory.sent && byCell.has(cell);
          const hit = el("rect", { x: x, y: y, width: CELL, height: CELL, class: "khet-hit", fill: "transparent" }, hits);
          if (target) {
            mark(overlay, target.how, x + CELL / 2, y + CELL / 2);
            hit.classList.add("khet-can", "khet-target");
            hit.dataset.move = target.move;
            hit.setAttribute("aria-label", target.move);
          } else if (movable) {
            if (!choice) {
              el("rect", {
                x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 8, fill: "none",
                stroke: LOOK.accent, "stroke-opacity": 0.45, "stroke-width": 2.5, "stroke-dasharray": "10 7",
              }, overlay);
            }
            const found = scene.pieces.find(([pc, pr]) => pc === c && pr === r);
            hit.classList.add("khet-can", "khet-movable");
            hit.dataset.square = byCell.get(cell).square;
            const name = found ? pieceName(api, found[2], found[3], found[5]) : "";
            hit.setAttribute("aria-label", `${name} ${byCell.get(cell).square}`.trim());
          }
          if (target || movable) {
            hit.setAttribute("role", "button");
            hit.setAttribute("tabindex", "0");
            api.press(hit, () => click(cell));
          } else {
            hit.addEventListener("click", () => click(cell));  // a click elsewhere lets the piece go
          }
        }
      }
      if (choice) arrows(choice);
      controls(choice);
    }

    // the two turning arrows at the top corners of the chosen piece's square
    function arrows(choice) {
      const [x, y] = corner(...choice.at);
      for (const [way, cx, sign] of [["ccw", x + 17, -1], ["cw", x + CELL - 17, 1]]) {
        const move = choice[way];
        if (!move) continue;
        const g = el("g", {
          transform: `translate(${cx},${y + 17})`, class: "khet-arrow", "data-move": move, role: "button",
          tabindex: "0", "aria-label": way === "cw" ? api.t("Turn clockwise") : api.t("Turn anticlockwise"),
        }, hits);
        el("circle", { r: 16, fill: "#17201c", stroke: LOOK.accent, "stroke-width": 2.5 }, g);
        // an arc of three quarters ending in an arrowhead, turning the way the button turns
        const start = [sign * -7.8, -4.5];
        const end = [sign * -4.5, 7.8];
        const tip = [end[0] + sign * -4.3, end[1] - 2.5];
        el("path", {
          d: `M${start} A9 9 0 1 ${sign > 0 ? 1 : 0} ${end}`, fill: "none", stroke: LOOK.accent, "stroke-width": 2.6,
          "stroke-linecap": "round",
        }, g);
        el("polygon", {
          points: points([[tip[0] + sign * -2.2, tip[1] - 1.3], [end[0] + sign * 1.6, end[1] + 5], [end[0] + sign * 0.6, end[1] - 5.5]]),
          fill: LOOK.accent,
        }, g);
        api.press(g, () => { if (!memory.sent) send(move); });
      }
    }

    function controls(choice) {
      buttons.replaceChildren();
      hint.textContent = "";
      if (!mine) {
        if (scene.last && !state.outcome) {
          const who = scene.beam ? api.t(COLOUR_NAMES[scene.beam.side]) : "";
          hint.textContent = who ? api.t("{who} played {move}.", { who: who, move: scene.last.move }) : "";
        }
        return;
      }
      if (memory.sent) return;
      const button = (label, glyph, move, className) => {
        const element = api.html("button", { type: "button", class: className });
        if (glyph) api.html("span", { class: "khet-glyph", "aria-hidden": "true" }, glyph, element);
        element.append(label);
        if (move) {
          element.dataset.move = move;
          element.addEventListener("click", () => send(move));
        } else {
          element.disabled = true;
        }
        buttons.append(element);
        return element;
      };
      if (scene.pass && choices.length === 0) {
        hint.textContent = api.t("No piece can move or turn: pass.");
        button(api.t("Pass"), "", scene.pass, "khet-pass primary");
        return;
      }
      const colour = api.t(COLOUR_NAMES[api.seat]);
      if (!choice) hint.textContent = api.t("Choose one of your pieces ({colour}) to move or turn it.", { colour: colour });
      else if (memory.topOnly) hint.textContent = api.t("Choose a ringed square to move the top Obelisk there.");
      else if (choice.to.length === 0) hint.textContent = api.t("This piece can only turn.");
      else if (!choice.cw && !choice.ccw) hint.textContent = api.t("Choose a lit square to move there.");
      else hint.textContent = api.t("Choose a lit square to move there, or turn the piece.");
      button(api.t("Turn anticlockwise"), "↺", choice && choice.ccw, "khet-turn");
      button(api.t("Turn clockwise"), "↻", choice && choice.cw, "khet-turn");
      if (choice && choice.top.length > 0) {
        const toggle = api.html("button", { type: "button", class: "khet-top", "aria-pressed": memory.topOnly },
          memory.topOnly ? api.t("Whole stack") : api.t("Top Obelisk only"));
        toggle.addEventListener("click", () => {
          memory.topOnly = !memory.topOnly;
          refresh();
        });
        buttons.append(toggle);
      }
      if (scene.pass) button(api.t("Pass"), "", scene.pass, "khet-pass");
    }

    memory.refresh = refresh;
    refresh();
  }

  // a lit square's mark, by what going there does
  function mark(layer, how, x, y) {
    const common = { fill: "none", stroke: LOOK.accent, "stroke-width": 5 };
    if (how === "step") {
      el("circle", { cx: x, cy: y, r: 15, fill: LOOK.accent, "fill-opacity": 0.9, stroke: "#17201c", "stroke-width": 2 }, layer);
    } else if (how === "swap") {
      el("circle", Object.assign({ cx: x, cy: y, r: 43, "stroke-dasharray": "14 8" }, common), layer);
      for (const [dx, dy, r] of [[-1, -1, 0], [1, 1, 180]]) {
        el("polygon", {
          points: points([[0, -9], [8, 5], [-8, 5]]), fill: LOOK.accent,
          transform: `translate(${x + dx * 30},${y + dy * 30}) rotate(${r - 45})`,
        }, layer);
      }
    } else if (how === "stack") {
      el("rect", Object.assign({ x: x - 40, y: y - 40, width: 80, height: 80, rx: 6 }, common), layer);
    } else {
      el("circle", Object.assign({ cx: x, cy: y, r: 41 }, common), layer);
      el("circle", { cx: x, cy: y, r: 9, fill: LOOK.accent }, layer);
    }
  }

  function defs(svg) {
    const d = el("defs", {}, svg);
    for (const side of [0, 1]) {
      const g = el("radialGradient", { id: `khet-body-${side}`, cx: 0.4, cy: 0.36, r: 0.7 }, d);
      el("stop", { offset: 0, "stop-color": LOOK.relief[side] }, g);
      el("stop", { offset: 0.55, "stop-color": LOOK.body[side] }, g);
      el("stop", { offset: 1, "stop-color": mix(LOOK.body[side], LOOK.edge[side], 0.45) }, g);
    }
    const glow = el("filter", { id: "khet-glow", x: -0.2, y: -0.2, width: 1.4, height: 1.4 }, d);
    el("feGaussianBlur", { stdDeviation: 7 }, glow);
  }

  // the frame, the squares (those a side may not enter tinted with its colour and marked with its
  // shape, a circle for Silver and a diamond for Red), the coordinates and the fixed lasers
  function cloth(svg, scene, api, corner, flip) {
    const g = el("g", { class: "khet-cloth" }, svg);
    const w = 10 * CELL;
    const h = 8 * CELL;
    el("rect", { x: -EDGE + 4, y: -EDGE + 8, width: w + 2 * EDGE - 8, height: h + 2 * EDGE - 8, rx: 22, fill: "#000000", opacity: 0.35 }, g);
    el("rect", {
      x: -EDGE + 2, y: -EDGE + 2, width: w + 2 * EDGE - 4, height: h + 2 * EDGE - 4, rx: 20, fill: LOOK.frame,
      stroke: LOOK.frameLight, "stroke-width": 2,
    }, g);
    const reserved = new Map(scene.reserved.map(([c, r, side]) => [`${c},${r}`, side]));
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 10; c++) {
        const [x, y] = corner(c, r);
        let fill = LOOK.squares[(c + r) % 2];
        const owner = reserved.get(`${c},${r}`);
        if (owner !== undefined) fill = mix(fill, LOOK.reserved[owner], 0.55);
        el("rect", { x: x, y: y, width: CELL, height: CELL, fill: fill }, g);
        if (owner !== undefined) {
          const tone = mix(fill, LOOK.reserved[owner], 0.9);
          const edge = mix(fill, "#000000", 0.25);
          const [mx, my] = [x + 14, y + CELL - 14];
          if (owner === 0) el("circle", { cx: mx, cy: my, r: 7, fill: tone, stroke: edge, "stroke-width": 1.5 }, g);
          else el("polygon", { points: points([[mx, my - 8], [mx + 8, my], [mx, my + 8], [mx - 8, my]]), fill: tone, stroke: edge, "stroke-width": 1.5 }, g);
        }
      }
    }
    const lines = [];
    for (let c = 0; c <= 10; c++) lines.push(`M${c * CELL} 0V${h}`);
    for (let r = 0; r <= 8; r++) lines.push(`M0 ${r * CELL}H${w}`);
    el("path", { d: lines.join(""), stroke: LOOK.line, "stroke-width": 2, fill: "none" }, g);
    for (const [c, r, side, angle] of scene.lasers || []) {
      const [x, y] = corner(c, r);
      const housing = el("g", {
        transform: `translate(${x + CELL / 2},${y + CELL / 2}) rotate(${angle + (flip ? 180 : 0)})`,
        class: "khet-housing",
      }, g);
      el("title", {}, housing).textContent = api.t("{colour}'s laser", { colour: api.t(COLOUR_NAMES[side]) });
      el("rect", {
        x: -31, y: -46, width: 62, height: 24, rx: 7, fill: LOOK.body[side], stroke: LOOK.shield, "stroke-width": 4,
      }, housing);
      el("circle", { cy: -46, r: 7, fill: LOOK.beam[side], stroke: LOOK.core[side], "stroke-width": 1.5 }, housing);
    }
  }

  // the coordinates in the corners of the outer squares, over the pieces so none hides them
  function labels(svg, flip) {
    const g = el("g", { class: "khet-labels" }, svg);
    for (let i = 0; i < 10; i++) {
      const file = "abcdefghij"[flip ? 9 - i : i];
      el("text", { x: i * CELL + CELL - 6, y: 8 * CELL - 7, class: "khet-label", "text-anchor": "end" }, g).textContent = file;
    }
    for (let i = 0; i < 8; i++) {
      const rank = String(flip ? i + 1 : 8 - i);
      el("text", { x: 6, y: i * CELL + 19, class: "khet-label" }, g).textContent = rank;
    }
  }

  // The last move's piece comes from where it stood (a swapped piece the other way); a turn
  // turns. Returns when the shot fires (ms).
  function slide(last, moved, corner) {
    const from = last.from.join(",");
    const to = last.to.join(",");
    const [fx, fy] = corner(...last.from);
    const [tx, ty] = corner(...last.to);
    const glide = (element, dx, dy) => {
      if (!element) return;
      element.animate([{ transform: `translate(${dx}px,${dy}px)` }, { transform: "translate(0px,0px)" }], {
        duration: SLIDE, easing: "cubic-bezier(.2,.7,.3,1)",
      });
    };
    if (last.how === "cw" || last.how === "ccw") {
      const element = moved.get(from);
      if (element) {
        element.animate([{ transform: `rotate(${last.how === "cw" ? -90 : 90}deg)` }, { transform: "rotate(0deg)" }], {
          duration: SLIDE, easing: "cubic-bezier(.2,.7,.3,1)",
        });
      }
      return SLIDE;
    }
    glide(moved.get(to), fx - tx, fy - ty);
    if (last.how === "swap") glide(moved.get(from), tx - fx, ty - fy);
    return SLIDE;
  }

  // The last shot, square by square: a soft glow, the beam and its bright core, each branch
  // starting when the light reaches the Eye that split it; what it destroyed fades where it stood.
  function shoot(beam, layer, ghosts, at, middle, turnBy, startAt) {
    const colour = LOOK.beam[beam.side];
    const core = LOOK.core[beam.side];
    for (const branch of beam.branches) {
      const drawn = branch.points.map(([x, y]) => at(x, y));
      let length = 0;
      for (let i = 1; i < drawn.length; i++) length += Math.hypot(drawn[i][0] - drawn[i - 1][0], drawn[i][1] - drawn[i - 1][1]);
      if (length === 0) continue;
      const first = branch.points[0][2];
      const last = branch.points[branch.points.length - 1][2];
      for (const [className, stroke, width] of [["khet-glow", colour, 26], ["khet-ray", colour, 9], ["khet-core", core, 3.5]]) {
        const line = el("polyline", {
          points: points(drawn), fill: "none", stroke: stroke, "stroke-width": width, class: className,
          "stroke-linecap": "round", "stroke-linejoin": "round",
        }, layer);
        if (className === "khet-glow") line.setAttribute("filter", "url(#khet-glow)");
        if (startAt === null) continue;
        line.setAttribute("stroke-dasharray", `${length + 2} ${length + 2}`);
        line.animate([{ strokeDashoffset: length + 2 }, { strokeDashoffset: 0 }], {
          duration: Math.max(1, (last - first) * PER_SQUARE), delay: startAt + first * PER_SQUARE,
          fill: "both", easing: "linear",
        });
      }
    }
    for (const [c, r, letter, side, angle, height, tick] of beam.removed) {
      const [x, y] = middle(c, r);
      const scar = el("g", { class: "khet-scar" }, ghosts);
      const star = [];
      for (let i = 0; i < 16; i++) {
        const radius = i % 2 === 0 ? 34 : 13;
        const a = (Math.PI * 2 * i) / 16;
        star.push([x + Math.cos(a) * radius, y + Math.sin(a) * radius]);
      }
      el("polygon", { points: points(star), fill: mix(LOOK.beam[beam.side], LOOK.squares[0], 0.5), opacity: 0.75 }, scar);
      const ghost = piece(ghosts, [letter, side, angle, height], x, y, turnBy, "khet-ghost");
      ghost.setAttribute("opacity", "0.3");
      if (startAt === null) continue;
      const when = startAt + tick * PER_SQUARE;
      ghost.animate([{ opacity: 1 }, { opacity: 0.3 }], { duration: FADE, delay: when, fill: "both", easing: "ease-in" });
      scar.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE / 2, delay: when, fill: "both" });
      const burst = el("circle", {
        cx: x, cy: y, r: 40, fill: "none", stroke: LOOK.burst, "stroke-width": 8, opacity: 0, class: "khet-burst",
      }, ghosts);
      burst.animate(
        [{ opacity: 1, strokeWidth: 14, r: "12px" }, { opacity: 0, strokeWidth: 2, r: "62px" }],
        { duration: FADE, delay: when, easing: "ease-out" },
      );
    }
  }

  window.Ludoteca.drawers.khet = draw;
})();
