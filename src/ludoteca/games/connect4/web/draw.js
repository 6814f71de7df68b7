// Connect Four and Cascade on the web client's page: the blue upright frame, the discs behind it,
// a disc dropped by a click or a tap anywhere in a column, and the last drop played again once:
// the disc falls from above the frame and, in Cascade, each round's alignments flash, score,
// vanish and let the discs above them fall. The page runs no rules: the columns offered, the
// winning line and the rounds all come from the scene (games/connect4/web_scene.py). The page's
// policy forbids inline styles, so looks are classes from draw.css and SVG attributes; motion is
// the Web Animations API.
"use strict";

(() => {
  const CELL = 100;
  // the frame's border, the room above it for the disc about to drop, and below it for the numbers
  const PAD = 28;
  const ABOVE = 110;
  const BELOW = 58;
  const DISC = 39;
  const HOLE = 42;
  // where a disc waits above its column before it drops
  const WAIT_Y = 54;
  // the Cascade's pace per round: the runs glow and score, vanish, then the discs above fall
  const FLASH = 480;
  const VANISH = 240;
  const FALL = 300;
  const SEAT_WORDS = ["Yellow", "Red"];
  // the window's colours (window.py, Connect4Colours)
  const LOOK = { frame: "#28548c", frameLight: "#3e6eaa", shade: "#1e3f69", hole: "#16201d" };

  // Only a new drop is played again, once (the page's stage, api.stage, remembers what was drawn).
  function draw(host, scene, api) {
    const state = api.state || {};
    const stage = api.stage;
    const { moved } = stage.see(state);
    const mine = (scene.columns || []).length > 0 && api.seat !== null && state.to_move === api.seat;

    const root = api.html("div", {
      class: `c4 c4-${scene.variant === "cascade" ? "cascade" : "classic"}`,
      "data-version": String(state.version), "data-mine": mine ? "yes" : "no",
    });
    // a redraw while the last drop is still moving keeps the picture that moves it
    const svg = stage.picture(moved, () => picture(scene, api, mine, stage.send), (drawn) => animate(scene, drawn));
    root.append(seatsBar(scene, api), svg, note(scene, api, mine));
    stage.show(host, root);
  }

  // ----- the picture ---------------------------------------------------------------------------------
  function picture(scene, api, mine, play) {
    const cols = scene.cols;
    const rows = scene.rows;
    const width = cols * CELL + 2 * PAD;
    const frameHeight = rows * CELL + 2 * PAD;
    const height = ABOVE + frameHeight + BELOW;
    const top = ABOVE + PAD; // the top of the grid of holes
    const x = (c) => PAD + c * CELL + CELL / 2;
    const y = (r) => top + (rows - 1 - r) * CELL + CELL / 2;
    const svg = api.svg("svg", {
      class: "c4-board", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": api.t("Connect Four"),
    });
    const defs = api.svg("defs", {}, svg);
    const light = api.svg("linearGradient", { id: "c4-frame-light", x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
    api.svg("stop", { offset: 0, "stop-color": LOOK.frameLight }, light);
    api.svg("stop", { offset: 0.12, "stop-color": LOOK.frame }, light);
    api.svg("stop", { offset: 1, "stop-color": LOOK.frame }, light);

    api.svg("rect", { x: 6, y: ABOVE + 6, width: width - 12, height: frameHeight - 8, rx: 22, fill: LOOK.hole }, svg);
    const discs = api.svg("g", { class: "c4-discs" }, svg);
    // the frame: one shape with a hole for each cell, over the discs, so a falling disc shows
    // through the holes only
    const holes = [];
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) {
        holes.push(`M${x(c) - HOLE} ${y(r)}a${HOLE} ${HOLE} 0 1 0 ${2 * HOLE} 0a${HOLE} ${HOLE} 0 1 0 ${-2 * HOLE} 0Z`);
      }
    }
    const frame = api.svg("g", { class: "c4-frame" }, svg);
    api.svg("path", {
      d: roundedRect(0, ABOVE, width, frameHeight, 24) + holes.join(""), "fill-rule": "evenodd", fill: "url(#c4-frame-light)",
    }, frame);
    const rims = [];
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) rims.push(`M${x(c) - HOLE - 2} ${y(r)}a${HOLE + 2} ${HOLE + 2} 0 1 0 ${2 * HOLE + 4} 0a${HOLE + 2} ${HOLE + 2} 0 1 0 ${-2 * HOLE - 4} 0Z`);
    }
    api.svg("path", { d: rims.join(""), fill: "none", stroke: LOOK.shade, "stroke-width": 4 }, frame);
    for (let c = 0; c < cols; c++) {
      api.svg("text", { x: x(c), y: ABOVE + frameHeight + 40, class: "c4-label" }, frame).textContent = String(c + 1);
    }

    const elements = new Map();
    for (const [c, r, seat] of scene.discs) {
      elements.set(`${c},${r}`, disc(api, discs, seat, x(c), y(r)));
    }
    const marks = api.svg("g", { class: "c4-marks" }, svg);
    const last = scene.last;
    const here = last ? `${last.cell[0]},${last.cell[1]}` : null;
    if (scene.winning.length) {
      // the other discs step back, so the line stands out whatever its colour
      const line = new Set(scene.winning.map(([c, r]) => `${c},${r}`));
      for (const [cell, body] of elements) if (!line.has(cell)) body.parentNode.classList.add("c4-dim");
      for (const [c, r] of scene.winning) api.svg("circle", { cx: x(c), cy: y(r), r: HOLE + 1, class: "c4-win" }, marks);
    } else if (here && elements.has(here)) {
      api.svg("circle", { cx: x(last.cell[0]), cy: y(last.cell[1]), r: 9, class: "c4-last" }, marks);
    }
    const overlay = api.svg("g", { class: "c4-overlay" }, svg);
    if (mine) columns(scene, api, svg, { x: x, y: y, width: width, height: height, top: top, cols: cols }, play);
    return { svg: svg, discs: discs, marks: marks, overlay: overlay, elements: elements, x: x, y: y, api: api };
  }

  function roundedRect(x, y, w, h, r) {
    return `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}` +
      `h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}Z`;
  }

  // A disc centred on (cx, cy): the outer group stands there, the inner one is what moves.
  function disc(api, parent, seat, cx, cy, className) {
    const outer = api.svg("g", { transform: `translate(${cx},${cy})`, class: `c4-disc c4-seat-${seat}` + (className ? " " + className : "") }, parent);
    const body = api.svg("g", { class: "c4-body" }, outer);
    api.svg("circle", { r: DISC, class: "c4-face" }, body);
    api.svg("circle", { r: DISC * 0.66, class: "c4-rim" }, body);
    api.svg("circle", { cx: -DISC * 0.3, cy: -DISC * 0.34, r: DISC * 0.22, class: "c4-shine" }, body);
    return body;
  }

  // One button per open column, as tall as the picture: pointing at it lights the column and
  // shows the disc above it, and the ring where it would land.
  function columns(scene, api, svg, at, play) {
    const layer = api.svg("g", { class: "c4-columns" }, svg);
    const seat = api.seat;
    for (const [c, landing, move] of scene.columns) {
      const column = api.svg("g", {
        class: "c4-column playable", "data-move": move, "data-focus": `column-${c}`, role: "button", tabindex: 0,
        "aria-label": api.t("Drop a disc in column {column}", { column: move }),
      }, layer);
      const left = c === 0 ? 0 : at.x(c) - CELL / 2;
      const right = c === at.cols - 1 ? at.width : at.x(c) + CELL / 2;
      api.svg("rect", { x: left, y: 0, width: right - left, height: at.height, class: "c4-hit" }, column);
      api.svg("rect", { x: at.x(c) - CELL / 2 + 5, y: at.top - PAD + 6, width: CELL - 10, height: at.y(0) - at.top + CELL / 2 + 2 * PAD - 12, rx: 16, class: "c4-lit" }, column);
      api.svg("circle", { cx: at.x(c), cy: at.y(landing), r: DISC * 0.8, class: "c4-aim" }, column);
      disc(api, column, seat, at.x(c), WAIT_Y, "c4-ghost");
      api.press(column, () => play(move));
      // the arrows go from open column to open column
      column.addEventListener("keydown", (event) => {
        if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
          event.preventDefault();
          const all = [...layer.querySelectorAll(".c4-column")];
          const next = all[all.indexOf(column) + (event.key === "ArrowLeft" ? -1 : 1)];
          if (next) next.focus();
        }
      });
    }
  }

  // ----- the last drop, played again -------------------------------------------------------------------
  // Returns how long it lasts (ms).
  function animate(scene, drawn) {
    const last = scene.last;
    if (!last) return 0;
    const { api, x, y } = drawn;
    // the disc falls from where it waited above the frame, faster as it goes, with a little bounce
    const drop = Math.min(450, Math.max(300, 250 + (30 * (y(last.cell[1]) - WAIT_Y)) / CELL));
    const rounds = scene.cascade || [];
    let total = drop;
    const starts = rounds.map((round) => {
      const start = total;
      total += FLASH + VANISH + (round.falls.length ? FALL : 0);
      return start;
    });
    const { standing, vanished } = journeys(scene, rounds, starts);

    // one animation per disc over the whole drop, from keyframes placed along its journey
    const motion = (path, endRow) => {
      const frames = [];
      const dy = (r) => (endRow - r) * CELL;
      let shift = 0;
      let scale = 1;
      const at = (time, to, size, easing) => {
        [shift, scale] = [to, size];
        frames.push({
          offset: Math.min(1, time / total), transform: `translate(0px,${to}px) scale(${size})`,
          opacity: size < 1 ? 0 : 1, easing: easing || "linear",
        });
      };
      const first = dy(path.stops[0][1]);
      if (path.dropped) {
        at(0, WAIT_Y - y(endRow), 1, "cubic-bezier(.5,0,.9,.55)");
        at(drop * 0.8, first, 1, "cubic-bezier(.2,.6,.4,1)");
        at(drop * 0.9, first - 9, 1, "cubic-bezier(.6,0,.8,.4)");
        at(drop, first, 1);
      } else {
        at(0, first, 1);
      }
      for (let i = 1; i < path.stops.length; i += 2) {
        at(path.stops[i][0], dy(path.stops[i][1]), 1, "cubic-bezier(.55,0,1,.6)");
        at(path.stops[i + 1][0], dy(path.stops[i + 1][1]), 1);
      }
      if (path.vanish !== null) {
        at(path.vanish, shift, 1, "ease-in");
        at(path.vanish + VANISH, shift, 0.2);
      }
      if (frames[frames.length - 1].offset < 1) at(total, shift, scale);
      return frames;
    };

    for (const [cell, path] of standing) {
      const element = drawn.elements.get(cell);
      if (!element || (path.stops.length === 1 && !path.dropped)) continue;
      element.parentNode.classList.add(path.dropped ? "c4-falling" : "c4-sliding");
      element.animate(motion(path, Number(cell.split(",")[1])), { duration: total, fill: "backwards" });
    }
    // a disc a round removed is not in the scene's grid: it is drawn for its journey, then goes
    for (const path of vanished) {
      const rest = path.stops[path.stops.length - 1][1];
      const body = disc(api, drawn.discs, path.seat, x(path.c), y(rest), path.dropped ? "c4-falling c4-vanishing" : "c4-vanishing");
      body.animate(motion(path, rest), { duration: total, fill: "forwards" })
        .finished.then(() => body.parentNode.remove(), () => {});
    }
    rounds.forEach((round, index) => flash(drawn, round, starts[index]));
    // the marks of the position at rest appear once it is at rest
    for (const dimmed of drawn.discs.querySelectorAll(".c4-dim")) dimmed.animate([{ opacity: 1 }, { opacity: 1 }], { duration: total });
    drawn.marks.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, delay: total, fill: "backwards" });
    return total + 200;
  }

  // Every disc's journey from the grid as the drop left it: the rows it stood on and when it
  // moved ([time, row] pairs), and when a round removed it. Those still standing are keyed by
  // the cell they end on, which is where the scene's grid has them.
  function journeys(scene, rounds, starts) {
    const [column, row] = scene.last.cell;
    const standing = new Map();
    for (const [c, r, seat] of scene.landed || scene.discs) {
      standing.set(`${c},${r}`, { c: c, seat: seat, stops: [[0, r]], vanish: null, dropped: c === column && r === row });
    }
    const vanished = [];
    rounds.forEach((round, index) => {
      const gone = starts[index] + FLASH;
      for (const [c, r] of round.removed) {
        const path = standing.get(`${c},${r}`);
        if (!path) continue;
        path.vanish = gone;
        standing.delete(`${c},${r}`);
        vanished.push(path);
      }
      // the falls of a round happen together: take every falling disc up before setting any down
      const fallen = [];
      for (const [c, from, to] of round.falls) {
        const path = standing.get(`${c},${from}`);
        if (!path) continue;
        standing.delete(`${c},${from}`);
        path.stops.push([gone + VANISH, from], [gone + VANISH + FALL, to]);
        fallen.push([`${c},${to}`, path]);
      }
      for (const [cell, path] of fallen) standing.set(cell, path);
    });
    return { standing: standing, vanished: vanished };
  }

  // A round's alignments glow, and each shows the point it scores, in its owner's colour.
  function flash(drawn, round, start) {
    const { api, x, y } = drawn;
    for (const [seat, cells] of round.aligned) {
      for (const [c, r] of cells) {
        const ring = api.svg("circle", { cx: x(c), cy: y(r), r: HOLE + 1, class: "c4-flash" }, drawn.overlay);
        ring.animate(
          [{ opacity: 0 }, { opacity: 1, offset: 0.15 }, { opacity: 0.45, offset: 0.45 }, { opacity: 1, offset: 0.7 }, { opacity: 0 }],
          { duration: FLASH + VANISH, delay: start, fill: "both" },
        ).finished.then(() => ring.remove(), () => {});
      }
      const cx = cells.reduce((sum, [c]) => sum + x(c), 0) / cells.length;
      const cy = cells.reduce((sum, [, r]) => sum + y(r), 0) / cells.length;
      const badge = api.svg("g", { transform: `translate(${cx},${cy})`, class: `c4-badge c4-seat-${seat}` }, drawn.overlay);
      const pill = api.svg("g", {}, badge);
      api.svg("rect", { x: -44, y: -26, width: 88, height: 52, rx: 26, class: "c4-pill" }, pill);
      api.svg("text", { y: 12, class: "c4-plus" }, pill).textContent = "+1";
      pill.animate(
        [
          { opacity: 0, transform: "translate(0px,10px) scale(.6)" },
          { opacity: 1, transform: "translate(0px,0px) scale(1)", offset: 0.2 },
          { opacity: 1, transform: "translate(0px,-30px) scale(1)", offset: 0.8 },
          { opacity: 0, transform: "translate(0px,-46px) scale(1)" },
        ],
        { duration: FLASH + VANISH, delay: start, fill: "both", easing: "ease-out" },
      ).finished.then(() => badge.remove(), () => {});
    }
  }

  // ----- words around the picture ------------------------------------------------------------------------
  // the page's bar of players, with each one's points in Cascade
  function seatsBar(scene, api) {
    const { bar, chips } = api.seatBar(SEAT_WORDS.map((word) => api.t(word)));
    if (scene.points) {
      chips.forEach((chip, index) => {
        const points = scene.points[index];
        api.html("strong", {
          class: "drawing-figure c4-points", "aria-label": api.t("{label}: {value}", { label: api.t(SEAT_WORDS[index]), value: api.tn("{n} point", "{n} points", points) }),
        }, String(points), chip);
      });
    }
    if (scene.drops) {
      api.html("span", { class: "drawing-aside c4-drops" }, api.t("Drops played: {n} of {limit}", { n: scene.drops[0], limit: scene.drops[1] }), bar);
    }
    return bar;
  }

  function note(scene, api, mine) {
    const box = api.html("div", { class: "drawing-note c4-note", role: "status" });
    const last = scene.last;
    if (last) api.html("p", { class: "drawing-said" }, lastWords(scene, api, last), box);
    if (mine) {
      api.html("p", { class: "drawing-prompt" }, api.t("{name} to play: click a column.", { name: api.t(SEAT_WORDS[api.seat]) }), box);
    }
    return box;
  }

  // the window's sentences (Connect4Game.describe_last), worded here
  function lastWords(scene, api, last) {
    const name = api.t(SEAT_WORDS[last.seat]);
    const column = last.move;
    if (scene.winning.length) return api.t("{name} dropped in column {column} and connected four.", { name: name, column: column });
    const rounds = (scene.cascade || []).length;
    if (!rounds) return api.t("{name} dropped in column {column}.", { name: name, column: column });
    const count = last.gained[0] + last.gained[1];
    const made = api.tn(
      "{name}'s drop in column {column} made {count} alignment",
      "{name}'s drop in column {column} made {count} alignments",
      count, { name: name, column: column, count: count },
    );
    const chain = rounds > 1 ? api.tn(" in a chain of {rounds} cascade", " in a chain of {rounds} cascades", rounds, { rounds: rounds }) : "";
    const points = [last.seat, 1 - last.seat]
      .filter((seat) => last.gained[seat])
      .map((seat) => `${api.t(SEAT_WORDS[seat])} +${last.gained[seat]}`)
      .join(", ");
    const removed = api.tn("{n} disc removed", "{n} discs removed", last.removed);
    return api.t("{made}{chain}: {points}; {removed}.", { made: made, chain: chain, points: points, removed: removed });
  }

  window.Ludoteca.drawers.connect4 = draw;
})();
