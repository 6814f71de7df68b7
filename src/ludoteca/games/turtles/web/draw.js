// Robot Turtles in the web client: the board, the player's program and hand, and the moves the
// rules allow, drawn from the scene the server made of this seat's view (turtles/web_scene.py).
// Nothing here decides what is legal: a hand card may be picked when the scene offers a sequence
// that continues with it, a wall square is lit when the scene offers a wall there, and every move
// is sent as the notation the scene gave. A run is replayed card by card from the steps the rules
// recorded (each step carries the turtles and the ice after its card), so no rule is needed to
// show it either.
"use strict";

(() => {
  const CELL = 100;
  // the frame is wider on the sides that carry the coordinates
  const MARGIN = 48;
  const EDGE = 22;
  const SIZE = MARGIN + 8 * CELL + EDGE;
  // the window's palette (window_art.TurtlesColours): Blue, Red, Green, Pink
  const TURTLE = ["#2c68d4", "#d03832", "#2e9242", "#de64aa"];
  const SKIN = "#849e60";
  const CARD = { F: "#286cd0", L: "#ecbe2c", R: "#8850bc", X: "#ce382e" };
  const PAPER = "#f6f1e4";
  const BACK = "#223c42";
  const JEWEL = "#30c4c8";
  const STONE = "#88847c";
  const ICE = "#b2e2f6";
  const BEAM = "#ff4628";
  const LEGAL = "#60ac6c";
  const SAND = ["#e2d4ac", "#d8c9a0"];
  const CARD_NAMES = { F: "forward", L: "left", R: "right", X: "laser", "?": "hidden card" };
  const FACINGS = ["north", "east", "south", "west"];
  const DELTA = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  // milliseconds per card of a replayed run, as the window times them
  const TIMING = { move: 300, turn: 240, bump: 380, fall: 440, collide: 480, jewel: 520, beam: 40, effect: 300, pause: 90 };

  // what the player is choosing this turn; kept while the position stays the same, since the page
  // redraws on every message (a language switch, a seat coming back)
  const ui = { key: null, picked: [], tool: null, discard: false };
  // the run being shown; it plays to its end even when the next move arrives meanwhile
  const replay = { key: null, beats: [], start: 0, total: 0, stone: [], seat: 0, last: null, running: false, shown: -1, asked: false };
  // the drawing on screen, which the replay's frames paint into
  let current = null;

  // ----- small helpers ----------------------------------------------------------------------------
  // the page's element builders (api.svg, api.html), taken from each call of the drawer
  let page = null;

  const svg = (name, attributes, parent) => page.svg(name, attributes, parent);

  // an HTML element of the class given (if any), with its text
  const html = (tag, className, text, parent) => page.html(tag, className ? { class: className } : null, text, parent);

  function button(className, label, action, parent) {
    const element = html("button", className, label, parent);
    element.type = "button";
    element.addEventListener("click", action);
    return element;
  }

  function mix(a, b, f) {
    const channels = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const [x, y] = [channels(a), channels(b)];
    return "#" + x.map((v, i) => Math.round(v + (y[i] - v) * f).toString(16).padStart(2, "0")).join("");
  }

  const clamp = (t) => (t < 0 ? 0 : t > 1 ? 1 : t);
  const phase = (e, start, duration) => (duration <= 0 ? (e >= start ? 1 : 0) : clamp((e - start) / duration));
  const easeOut = (t) => 1 - (1 - t) ** 3;
  const easeInOut = (t) => 3 * t * t - 2 * t * t * t;
  const centre = (col, row) => [MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2];

  // ----- art --------------------------------------------------------------------------------------
  function turtleArt(parent, seat, pose, initial) {
    if (pose.alpha <= 0.02 || pose.scale <= 0.02) return;
    const [x, y] = centre(pose.col, pose.row);
    const colour = TURTLE[seat % 4];
    const outer = svg("g", { transform: `translate(${x} ${y}) scale(${pose.scale})`, opacity: pose.alpha.toFixed(3), class: "tt-turtle" }, parent);
    const body = svg("g", { transform: `rotate(${pose.angle})` }, outer);
    const darkSkin = mix(SKIN, "#000000", 0.35);
    for (const [dx, dy] of [[-27, -17], [27, -17], [-26, 20], [26, 20]]) {
      svg("circle", { cx: dx, cy: dy, r: 9.5, fill: darkSkin }, body);
      svg("circle", { cx: dx, cy: dy, r: 7.5, fill: SKIN }, body);
    }
    svg("polygon", { points: "-5,27 5,27 0,38", fill: SKIN }, body);
    svg("circle", { cx: 0, cy: -34, r: 13, fill: darkSkin }, body);
    svg("circle", { cx: 0, cy: -34, r: 11.3, fill: SKIN }, body);
    for (const dx of [-5, 5]) svg("circle", { cx: dx, cy: -38.5, r: 2.4, fill: "#141814" }, body);
    svg("circle", { cx: 1, cy: 2, r: 30, fill: "#00000033" }, body);
    svg("circle", { r: 30, fill: mix(colour, "#000000", 0.38) }, body);
    svg("circle", { r: 26.4, fill: colour }, body);
    const hexagon = [];
    const seams = [];
    for (let i = 0; i < 6; i++) {
      const a = ((30 + 60 * i) * Math.PI) / 180;
      hexagon.push(`${(12.6 * Math.cos(a)).toFixed(1)},${(12.6 * Math.sin(a)).toFixed(1)}`);
      seams.push(`M${(12.6 * Math.cos(a)).toFixed(1)} ${(12.6 * Math.sin(a)).toFixed(1)}L${(25.8 * Math.cos(a)).toFixed(1)} ${(25.8 * Math.sin(a)).toFixed(1)}`);
    }
    const line = mix(colour, "#000000", 0.3);
    svg("polygon", { points: hexagon.join(" "), fill: "none", stroke: line, "stroke-width": 1.8 }, body);
    svg("path", { d: seams.join(""), stroke: line, "stroke-width": 1.8 }, body);
    svg("circle", { cx: -9, cy: -9.6, r: 12.6, fill: mix(colour, "#ffffff", 0.45), opacity: 0.35 }, body);
    // the initial stays upright, for players who cannot tell the colours apart
    if (initial && pose.scale > 0.6) {
      svg("text", { y: 8, "text-anchor": "middle", class: "tt-initial" }, outer).textContent = initial;
    }
  }

  function jewelArt(parent, col, row) {
    const [x, y] = centre(col, row);
    const at = (dx, dy) => `${x + dx * 100},${y + dy * 100}`;
    const outline = [at(-0.17, -0.22), at(0.17, -0.22), at(0.32, -0.06), at(0, 0.32), at(-0.32, -0.06)].join(" ");
    const edge = mix(JEWEL, "#000000", 0.5);
    svg("polygon", { points: outline, fill: "#00000046", transform: "translate(2 3)" }, parent);
    svg("polygon", { points: outline, fill: mix(JEWEL, "#000000", 0.25) }, parent);
    svg("polygon", { points: [at(-0.17, -0.22), at(0.17, -0.22), at(0.1, -0.06), at(-0.1, -0.06)].join(" "), fill: mix(JEWEL, "#ffffff", 0.45) }, parent);
    svg("polygon", { points: [at(-0.1, -0.06), at(0.1, -0.06), at(0, 0.32)].join(" "), fill: JEWEL }, parent);
    svg("polygon", { points: [at(-0.32, -0.06), at(-0.1, -0.06), at(0, 0.32)].join(" "), fill: mix(JEWEL, "#ffffff", 0.2) }, parent);
    svg("polygon", { points: outline, fill: "none", stroke: edge, "stroke-width": 2 }, parent);
    svg("path", { d: `M${at(-0.32, -0.06)}L${at(0.32, -0.06)}M${at(-0.1, -0.06)}L${at(0, 0.32)}M${at(0.1, -0.06)}L${at(0, 0.32)}`, stroke: edge, "stroke-width": 2 }, parent);
    svg("circle", { cx: x - 6, cy: y - 16, r: 3, fill: "#ffffff" }, parent);
  }

  // a stone block (bricked) or an ice block (a crystal in it) filling a `side`-wide square at x, y
  function wallArt(parent, kind, x, y, side, extra) {
    const g = svg("g", Object.assign({ transform: `translate(${x} ${y}) scale(${side / 100})` }, extra || {}), parent);
    if (kind === "stone") {
      svg("rect", { x: 5, y: 7, width: 90, height: 90, rx: 8, fill: mix(STONE, "#000000", 0.35) }, g);
      svg("rect", { x: 5, y: 5, width: 90, height: 90, rx: 8, fill: STONE }, g);
      const mortar = mix(STONE, "#000000", 0.3);
      svg("path", { d: "M5 35H95M5 65H95M50 5V35M27.5 35V65M72.5 35V65M50 65V95", stroke: mortar, "stroke-width": 3 }, g);
      svg("path", { d: "M13 6.5H87", stroke: mix(STONE, "#ffffff", 0.3), "stroke-width": 2 }, g);
    } else {
      svg("rect", { x: 5, y: 7, width: 90, height: 90, rx: 12, fill: mix(ICE, "#285a78", 0.4) }, g);
      svg("rect", { x: 5, y: 5, width: 90, height: 90, rx: 12, fill: ICE, opacity: 0.93, stroke: mix(ICE, "#ffffff", 0.7), "stroke-width": 3 }, g);
      const crystal = mix(ICE, "#3c78a0", 0.55);
      const arms = [];
      for (let k = 0; k < 3; k++) {
        const a = ((90 + 60 * k) * Math.PI) / 180;
        const [dx, dy] = [Math.cos(a) * 22, Math.sin(a) * 22];
        arms.push(`M${(50 - dx).toFixed(1)} ${(50 - dy).toFixed(1)}L${(50 + dx).toFixed(1)} ${(50 + dy).toFixed(1)}`);
      }
      svg("path", { d: arms.join(""), stroke: crystal, "stroke-width": 3, "stroke-linecap": "round" }, g);
      svg("path", { d: "M19 39L39 19", stroke: "#ffffff", "stroke-width": 4, "stroke-linecap": "round" }, g);
    }
    return g;
  }

  function pictogram(parent, letter, ink) {
    const [cx, cy] = [35, 56];
    if (letter === "F") {
      svg("path", { d: `M${cx} ${cy + 17}V${cy - 3}`, stroke: ink, "stroke-width": 8, "stroke-linecap": "round" }, parent);
      svg("polygon", { points: `${cx - 13},${cy - 1} ${cx + 13},${cy - 1} ${cx},${cy - 19}`, fill: ink }, parent);
    } else if (letter === "L" || letter === "R") {
      // up from the bottom, then a quarter circle bending towards the side of the turn
      const side = letter === "L" ? -1 : 1;
      const r = 11;
      const ox = cx - side * 5;
      const end = ox + side * r;
      svg("path", { d: `M${ox} ${cy + 17}V${cy}A${r} ${r} 0 0 ${side > 0 ? 1 : 0} ${end} ${cy - r}`, fill: "none", stroke: ink, "stroke-width": 7.5, "stroke-linecap": "round" }, parent);
      const tip = end + side * 11;
      svg("polygon", { points: `${tip},${cy - r} ${end},${cy - r - 11} ${end},${cy - r + 11}`, fill: ink }, parent);
    } else if (letter === "X") {
      const bolt = [[0.08, -0.4], [-0.22, 0.04], [-0.02, 0.04], [-0.1, 0.4], [0.22, -0.06], [0.02, -0.06]];
      svg("polygon", { points: bolt.map(([x, y]) => `${cx + x * 50},${cy + y * 50}`).join(" "), fill: ink }, parent);
    }
  }

  // a program card face up (its colour, pictogram and letter) or face down (`?`), edged in its owner's colour
  function cardArt(letter, owner) {
    const art = svg("svg", { viewBox: "0 0 70 100", "aria-hidden": "true", focusable: "false" });
    if (letter === "?" || !(letter in CARD)) {
      svg("rect", { width: 70, height: 100, rx: 10, fill: owner === undefined ? "#4e6468" : mix(TURTLE[owner % 4], "#ffffff", 0.1) }, art);
      svg("rect", { x: 5, y: 5, width: 60, height: 90, rx: 7, fill: BACK }, art);
      const line = mix(BACK, "#ffffff", 0.18);
      const hexagon = [];
      for (let i = 0; i < 6; i++) {
        const a = ((30 + 60 * i) * Math.PI) / 180;
        hexagon.push(`${(35 + 16 * Math.cos(a)).toFixed(1)},${(50 + 16 * Math.sin(a)).toFixed(1)}`);
      }
      svg("polygon", { points: hexagon.join(" "), fill: "none", stroke: line, "stroke-width": 3 }, art);
      svg("circle", { cx: 35, cy: 50, r: 5.6, fill: "none", stroke: line, "stroke-width": 3 }, art);
      return art;
    }
    const ink = letter === "L" ? "#221e18" : "#faf8f0";
    svg("rect", { width: 70, height: 100, rx: 10, fill: PAPER }, art);
    svg("rect", { x: 5, y: 5, width: 60, height: 90, rx: 7, fill: CARD[letter] }, art);
    pictogram(art, letter, ink);
    svg("text", { x: 11, y: 26, fill: ink, class: "tt-letter" }, art).textContent = letter;
    return art;
  }

  function bugArt() {
    const art = svg("svg", { viewBox: "0 0 70 100", "aria-hidden": "true", focusable: "false" });
    svg("rect", { width: 70, height: 100, rx: 10, fill: PAPER }, art);
    svg("rect", { x: 5, y: 5, width: 60, height: 90, rx: 7, fill: "#56923e" }, art);
    const ink = "#1c1e18";
    const legs = [];
    for (const dy of [-7, 1, 9]) for (const side of [-1, 1]) legs.push(`M35 ${50 + dy}L${35 + side * 21} ${53 + dy}`);
    legs.push("M35 35L25 26M35 35L45 26");
    svg("path", { d: legs.join(""), stroke: ink, "stroke-width": 3 }, art);
    svg("ellipse", { cx: 35, cy: 52, rx: 12.5, ry: 16.5, fill: ink }, art);
    svg("circle", { cx: 35, cy: 35, r: 6.5, fill: ink }, art);
    svg("path", { d: "M35 38V66", stroke: "#56923e", "stroke-width": 2.5 }, art);
    return art;
  }

  function smallTurtle(seat) {
    const art = svg("svg", { viewBox: `${MARGIN} ${MARGIN} ${CELL} ${CELL}`, class: "tt-icon", "aria-hidden": "true" });
    turtleArt(art, seat, { col: 0, row: 0, angle: 0, alpha: 1, scale: 1 }, "");
    return art;
  }

  function wallIcon(kind) {
    const art = svg("svg", { viewBox: "0 0 100 100", class: "tt-wall-icon", "aria-hidden": "true" });
    wallArt(art, kind, 0, 0, 100);
    return art;
  }

  // ----- words --------------------------------------------------------------------------------------
  // each seat's name's shortest beginning no earlier name has taken (French "Rouge" R, "Rose" Ro)
  function initials(names) {
    const taken = [];
    for (const name of names) {
      let n = 1;
      while (taken.includes(name.slice(0, n)) && n < name.length) n += 1;
      taken.push(name.slice(0, n));
    }
    return taken;
  }

  function ordinal(api, rank) {
    return { 1: api.t("1st"), 2: api.t("2nd"), 3: api.t("3rd") }[rank] || api.t("{n}th", { n: rank });
  }

  function personName(api, seat) {
    const place = (api.state.seats || [])[seat];
    if (!place) return "";
    if (place.default_name === true && Number.isInteger(place.level)) return api.t("Computer {level}", { level: place.level });
    return String(place.name || "");
  }

  function others(api, names, seats, skip) {
    const extra = seats.filter((s) => !skip.includes(s)).map((s) => names[s]);
    return extra.length ? " " + api.t("({names} pushed off a start square, back to the start too)", { names: extra.join(", ") }) : "";
  }

  // what one card of a run did (describe.describe_step's sentences)
  function stepText(api, names, step) {
    const t = api.t;
    const me = names[step.seat];
    const square = step.square || "";
    const turtle = step.turtles[step.seat];
    switch (step.kind) {
      case "move":
        return t("{me} moves forward to {square}", { me: me, square: step.at });
      case "turn":
        return t("{me} turns {side}, now facing {facing}", { me: me, side: t(step.card === "L" ? "left" : "right"), facing: turtle ? t(FACINGS[turtle[2]]) : "" });
      case "bump":
        return t("{me} bumps into the {wall} on {square} and turns around", { me: me, wall: t(step.hit === "stone" ? "stone wall" : "ice wall"), square: square });
      case "fall":
        return t("{me} walks off the board and goes back to the start", { me: me }) + others(api, names, step.sent_home, [step.seat]);
      case "collide": {
        const other = step.sent_home.find((s) => s !== step.seat);
        const hit = other === undefined ? step.seat : other;
        return t("{me} runs into {other} on {square}: both go back to their start squares", { me: me, other: names[hit], square: square }) + others(api, names, step.sent_home, [step.seat, hit]);
      }
      case "jewel":
        return t("{me} reaches the jewel on {square}!", { me: me, square: square });
      default:
        break;
    }
    if (step.hit === "edge") return t("{me} fires the laser; it hits nothing", { me: me });
    if (step.hit === "stone") return t("{me} fires the laser at the stone wall on {square}: nothing happens", { me: me, square: square });
    if (step.hit === "ice") return t("{me} fires the laser and melts the ice wall on {square}", { me: me, square: square });
    const victim = (step.turned.length ? step.turned : step.sent_home.length ? step.sent_home : [step.seat])[0];
    const effect = step.turned.length ? t("{name} turns around", { name: names[victim] }) : t("{name} goes back to the start", { name: names[victim] });
    if (step.hit === "jewel") return t("{me}'s laser bounces off the jewel on {square}: {effect}", { me: me, square: square, effect: effect });
    return t("{me}'s laser hits {name} on {square}: {effect}", { me: me, name: names[victim], square: square, effect: effect }) + others(api, names, step.sent_home, [victim]);
  }

  // the last move (describe.describe_report's sentences)
  function lastText(api, names, last) {
    const { t, tn } = api;
    const me = names[last.seat];
    let text;
    if (last.action === "add") {
      text = tn("{me} adds {n} card to the program.", "{me} adds {n} cards to the program.", last.cards.length, { me: me });
    } else if (last.action === "wall" && last.wall) {
      text = t("{me} builds {wall} on {square}.", { me: me, wall: t(last.wall.kind === "stone" ? "a stone wall" : "an ice wall"), square: last.wall.square });
    } else if (last.action === "bug" && last.bug_target !== null) {
      text = t("{me} puts the Bug card on {name}'s program, which now runs backwards.", { me: me, name: names[last.bug_target] });
    } else {
      text = tn("{me} runs the program ({n} card)", "{me} runs the program ({n} cards)", last.steps.length, { me: me });
      const told = last.steps.filter((s) => s.kind !== "move" && s.kind !== "turn").map((s) => stepText(api, names, s)).join(t("; "));
      text += told ? t(": {events}", { events: told }) + (told.endsWith("!") ? "" : ".") : ".";
      if (last.bug_spent !== null) text += " " + t("{name}'s Bug card is out of the game.", { name: names[last.bug_spent] });
    }
    if (last.discarded) text += " " + tn("{me} discards the last card of the hand.", "{me} discards the {n} cards left in hand.", last.discarded, { me: me });
    if (last.reshuffled) text += " " + t("{me} shuffles the discard pile into a new deck.", { me: me });
    if (last.round_over) text += " " + t("The round is over (arrival order: {order}).", { order: last.round_over.map((s) => names[s]).join(", ") });
    return text;
  }

  function roundLine(api, names, index, played) {
    const parts = played.points
      ? played.order.map((s) => `${names[s]} +${played.points[s]}`).join(" · ")
      : played.order.map((s, i) => `${ordinal(api, i + 1)} ${names[s]}`).join(", ");
    return api.t("Round {n}: {points}", { n: index + 1, points: parts });
  }

  // ----- the replay of a run ----------------------------------------------------------------------
  function duration(step) {
    if (step.kind === "laser") return TIMING.beam * Math.max(1, step.beam.length) + TIMING.effect;
    return TIMING[step.kind];
  }

  function startReplay(last, key, table) {
    const beats = [];
    let at = 0;
    let turtles = last.before.turtles;
    let ice = last.before.ice;
    last.steps.forEach((step, index) => {
      const length = duration(step);
      const travel = step.kind === "laser" ? TIMING.beam * Math.max(1, step.beam.length) : 0;
      beats.push({ start: at, duration: length, index: index, step: step, turtles: turtles, ice: ice, travel: travel });
      at += length + TIMING.pause;
      turtles = step.turtles;
      ice = step.ice;
    });
    Object.assign(replay, { key: key, table: table, beats: beats, start: performance.now(), total: at, stone: last.before.stone, seat: last.seat, last: last, running: beats.length > 0, shown: -1 });
    nextFrame();
  }

  // one frame asked at a time, however often the page redraws meanwhile
  function nextFrame() {
    if (replay.asked || !replay.running) return;
    replay.asked = true;
    requestAnimationFrame(() => {
      replay.asked = false;
      paintPieces();
    });
  }

  const rest = (turtle) => ({ col: turtle[0], row: turtle[1], angle: turtle[2] * 90, alpha: 1, scale: 1 });

  function turning(a, b, f) {
    const delta = ((((b - a + 180) % 360) + 360) % 360) - 180;
    return a + delta * f;
  }

  function nudged(pose, facing, amount) {
    const [dc, dr] = DELTA[facing];
    return Object.assign({}, pose, { col: pose.col + dc * amount, row: pose.row + dr * amount });
  }

  // sent back to the start: fades out where it stood, then grows back at home
  function goingHome(before, home, f) {
    if (f < 0.5) {
      const fade = 1 - easeOut(f * 2);
      return Object.assign({}, before, { alpha: fade, scale: 0.6 + 0.4 * fade });
    }
    const grow = easeOut((f - 0.5) * 2);
    return Object.assign(rest(home), { alpha: grow, scale: 0.6 + 0.4 * grow });
  }

  function poses(beat, e) {
    const step = beat.step;
    const f = phase(e, beat.start, beat.duration);
    const shown = {};
    beat.turtles.forEach((turtle, seat) => {
      if (turtle) shown[seat] = rest(turtle);
    });
    const me = beat.turtles[step.seat];
    const after = step.turtles[step.seat];
    if (!me) return shown;
    const start = rest(me);
    const facing = me[2];
    if (step.kind === "move" && after) {
      const end = rest(after);
      const u = easeInOut(f);
      shown[step.seat] = Object.assign({}, start, { col: start.col + (end.col - start.col) * u, row: start.row + (end.row - start.row) * u });
    } else if (step.kind === "turn" && after) {
      shown[step.seat] = Object.assign({}, start, { angle: turning(start.angle, after[2] * 90, easeInOut(f)) });
    } else if (step.kind === "bump") {
      if (f < 0.4) shown[step.seat] = nudged(start, facing, 0.3 * easeOut(f / 0.4));
      else {
        const u = (f - 0.4) / 0.6;
        shown[step.seat] = Object.assign(nudged(start, facing, 0.3 * (1 - easeInOut(u))), { angle: turning(start.angle, start.angle + 180, easeInOut(u)) });
      }
    } else if (step.kind === "jewel") {
      if (f < 0.5) shown[step.seat] = nudged(start, facing, easeInOut(f * 2));
      else {
        const fade = 1 - easeOut((f - 0.5) * 2);
        shown[step.seat] = Object.assign(nudged(start, facing, 1), { alpha: fade, scale: 0.3 + 0.7 * fade });
      }
    } else if (step.kind === "fall" || step.kind === "collide") {
      const reach = step.kind === "fall" ? 1 : 0.42;
      if (f < 0.4) shown[step.seat] = nudged(start, facing, reach * easeOut(f / 0.4));
      else {
        const walked = nudged(start, facing, reach);
        const u = (f - 0.4) / 0.6;
        for (const seat of step.sent_home) {
          const before = seat === step.seat ? walked : shown[seat];
          const home = step.turtles[seat];
          if (before && home) shown[seat] = goingHome(before, home, u);
        }
      }
    } else if (step.kind === "laser") {
      const u = phase(e, beat.start + beat.travel, beat.duration - beat.travel);
      for (const seat of step.turned) {
        if (shown[seat]) shown[seat] = Object.assign({}, shown[seat], { angle: turning(shown[seat].angle, shown[seat].angle + 180, easeInOut(u)) });
      }
      if (u > 0) {
        for (const seat of step.sent_home) {
          const home = step.turtles[seat];
          if (shown[seat] && home) shown[seat] = goingHome(shown[seat], home, u);
        }
      }
    }
    return shown;
  }

  function beam(layer, beat, e) {
    const step = beat.step;
    const shooter = beat.turtles[step.seat];
    if (step.kind !== "laser" || !shooter) return;
    const lit = step.beam.length * phase(e, beat.start, beat.travel);
    const points = [centre(shooter[0], shooter[1])];
    const whole = Math.floor(lit);
    for (const [c, r] of step.beam.slice(0, whole)) points.push(centre(c, r));
    if (whole < step.beam.length && lit > whole) {
      const [a, b] = [points[points.length - 1], centre(...step.beam[whole])];
      points.push([a[0] + (b[0] - a[0]) * (lit - whole), a[1] + (b[1] - a[1]) * (lit - whole)]);
    } else if (whole === step.beam.length && step.hit === "edge" && step.beam.length) {
      // a beam that hits nothing leaves the board half a square past the last one
      const [c, r] = step.beam[step.beam.length - 1];
      const [dc, dr] = DELTA[shooter[2]];
      points.push(centre(c + dc * 0.5, r + dr * 0.5));
    }
    if (points.length < 2) return;
    const path = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
    svg("polyline", { points: path, fill: "none", stroke: BEAM, "stroke-width": 22, opacity: 0.35, "stroke-linecap": "round" }, layer);
    svg("polyline", { points: path, fill: "none", stroke: mix(BEAM, "#ffffff", 0.55), "stroke-width": 6, "stroke-linecap": "round" }, layer);
    if (whole >= step.beam.length && step.target) {
      const burst = easeOut(phase(e, beat.start + beat.travel, 200));
      const [x, y] = centre(step.target[0], step.target[1]);
      svg("circle", { cx: x, cy: y, r: 15 + 30 * burst, fill: "none", stroke: BEAM, "stroke-width": 4 }, layer);
    }
  }

  // the moving part of the board: walls (ice melts, a new round clears them), the beam, the turtles
  function paintPieces() {
    if (!current) return;
    const { scene, pieces, letters } = current;
    const now = performance.now();
    let beat = null;
    let e = 0;
    if (replay.running) {
      e = now - replay.start;
      if (e >= replay.total) replay.running = false;
      else beat = replay.beats.filter((b) => b.start <= e).pop() || replay.beats[0];
    }
    pieces.replaceChildren();
    const stone = beat ? replay.stone : scene.board.stone;
    const ice = beat ? beat.ice : scene.board.ice;
    for (const [c, r] of stone) wallArt(pieces, "stone", MARGIN + c * CELL, MARGIN + r * CELL, CELL);
    const melting = beat && beat.step.kind === "laser" && beat.step.hit === "ice" ? beat.step.target : null;
    for (const [c, r] of ice) {
      if (melting && melting[0] === c && melting[1] === r) {
        const amount = easeInOut(phase(e, beat.start + beat.travel, beat.duration - beat.travel));
        if (amount < 1) {
          // the block sinks towards the ground as it fades
          const height = 1 - 0.6 * amount;
          const top = MARGIN + (r + 1 - height) * CELL;
          wallArt(pieces, "ice", 0, 0, CELL, { transform: `translate(${MARGIN + c * CELL} ${top}) scale(1 ${height})`, opacity: (1 - amount).toFixed(3) });
        }
      } else {
        wallArt(pieces, "ice", MARGIN + c * CELL, MARGIN + r * CELL, CELL);
      }
    }
    if (beat) beam(pieces, beat, e);
    const shown = beat ? poses(beat, e) : {};
    if (!beat) {
      scene.board.turtles.forEach((turtle, seat) => {
        if (turtle) shown[seat] = rest(turtle);
      });
    }
    for (const [seat, pose] of Object.entries(shown)) turtleArt(pieces, Number(seat), pose, letters[seat]);
    showBeat(beat);
    if (replay.running) nextFrame();
    else if (current.replaying) redraw(); // the run has been shown: back to the position now
  }

  // the caption and the run's cards under it follow the card being run
  function showBeat(beat) {
    if (!current || !current.replaying || !beat || beat.index === replay.shown) return;
    replay.shown = beat.index;
    const { api, names } = current;
    const n = replay.beats.length;
    current.caption.textContent = api.t("{name} runs the program: card {i} of {n}", { name: names[replay.seat], i: beat.index + 1, n: n });
    current.detail.textContent = stepText(api, names, beat.step);
    Array.from(current.runCards.children).forEach((card, i) => {
      card.classList.toggle("done", i < beat.index);
      card.classList.toggle("now", i === beat.index);
    });
  }

  // ----- the drawing ------------------------------------------------------------------------------
  function boardView(scene, api, turn) {
    const board = scene.board;
    const art = svg("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "tt-board", role: "img", "aria-label": api.t("Robot Turtles") });
    svg("rect", { x: 2, y: 2, width: SIZE - 4, height: SIZE - 4, rx: 28, fill: "#365850", stroke: "#2a463f", "stroke-width": 4 }, art);
    for (let i = 0; i < 8; i++) {
      svg("text", { x: MARGIN + i * CELL + CELL / 2, y: MARGIN - 14, class: "tt-label" }, art).textContent = board.cols[i];
      svg("text", { x: MARGIN / 2, y: MARGIN + i * CELL + CELL / 2 + 9, class: "tt-label" }, art).textContent = board.rows[i];
    }
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) svg("rect", { x: MARGIN + c * CELL, y: MARGIN + r * CELL, width: CELL, height: CELL, fill: SAND[(r + c) % 2] }, art);
    }
    const lines = [];
    for (let i = 0; i <= 8; i++) lines.push(`M${MARGIN + i * CELL} ${MARGIN}V${MARGIN + 8 * CELL}M${MARGIN} ${MARGIN + i * CELL}H${MARGIN + 8 * CELL}`);
    svg("path", { d: lines.join(""), stroke: "#beae86", "stroke-width": 1.5 }, art);
    board.starts.forEach(([c, r], seat) => {
      if (!scene.players[seat].playing) return;
      const [x, y] = centre(c, r);
      svg("circle", { cx: x, cy: y, r: 40, fill: "none", stroke: mix(SAND[0], TURTLE[seat % 4], 0.55), "stroke-width": 5 }, art);
    });
    for (const [c, r] of board.jewels) jewelArt(art, c, r);
    const pieces = svg("g", { class: "tt-pieces" }, art);
    const marks = svg("g", { class: "tt-marks" }, art);
    const last = scene.last;
    // where the last move left its mark, once a run being replayed has got there
    if (last && !last.round_over && !replay.running) {
      let cell = null;
      if (last.wall) cell = last.wall.cell;
      else if (last.action === "run" && !last.finished && board.turtles[last.seat]) cell = board.turtles[last.seat];
      if (cell) svg("rect", { x: MARGIN + cell[0] * CELL + 4, y: MARGIN + cell[1] * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 10, class: "tt-last" + (last.wall ? " tt-new" : "") }, marks);
    }
    if (turn && (ui.tool === "stone" || ui.tool === "ice")) {
      for (const [c, r, move, discardable] of turn[ui.tool]) {
        const [x, y] = centre(c, r);
        svg("circle", { cx: x, cy: y, r: 15, fill: LEGAL, class: "tt-dot" }, marks);
        const target = svg("rect", { x: MARGIN + c * CELL, y: MARGIN + r * CELL, width: CELL, height: CELL, class: "tt-target", "data-move": move }, marks);
        pressable(api, target, move, () => send(api, turn, move, discardable));
      }
    }
    if (turn && ui.tool === "bug") {
      for (const [seat, move, discardable] of turn.bug) {
        const turtle = board.turtles[seat];
        if (!turtle) continue;
        const [x, y] = centre(turtle[0], turtle[1]);
        const ring = svg("circle", { cx: x, cy: y, r: 46, class: "tt-bug-target", "data-move": move }, marks);
        pressable(api, ring, move, () => send(api, turn, move, discardable));
      }
    }
    return { art: art, pieces: pieces };
  }

  // a square or a turtle of the board that plays a move: clicked, tapped, or reached with Tab
  // (the page's press: a click, or Enter or Space once it has the focus)
  function pressable(api, element, label, action) {
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.setAttribute("aria-label", label);
    api.press(element, action);
  }

  function send(api, turn, move, discardable) {
    api.play(ui.discard && discardable ? move + turn.discard : move);
  }

  function pickedKey(scene) {
    return ui.picked.map((i) => scene.me.hand[i]).join("");
  }

  function redraw() {
    if (current) draw(current.host, current.scene, current.api);
  }

  function trayView(scene, api, names) {
    const { t, tn } = api;
    const tray = html("section", "tt-tray");
    const seat = api.seat;
    const over = !!api.state.outcome || scene.to_play === null;
    if (over) {
      html("h3", "tt-caption", t("The race is over"), tray);
      const list = html("ul", "tt-rounds", null, tray);
      if (scene.rounds > 1) {
        scene.past_rounds.forEach((played, i) => html("li", null, roundLine(api, names, i, played), list));
      } else {
        html("p", "tt-caption", t("Arrival order"), tray).after(list);
        for (const [i, seat] of (scene.past_rounds[0] || { order: [] }).order.entries()) {
          const item = html("li", null, null, list);
          item.append(smallTurtle(seat), `${ordinal(api, i + 1)} · ${names[seat]}`);
          const person = personName(api, seat);
          if (person) html("span", "tt-person", ` · ${person}`, item);
        }
      }
      return tray;
    }
    if (seat === null || seat === undefined || !scene.me) {
      html("p", "tt-note", t("Watching: the hands stay hidden."), tray);
      return tray;
    }
    const me = scene.players[seat];
    const turn = scene.turn;
    // the program strip: the program face down (or up, with "show my program"), then the cards picked
    const count = me.program;
    let caption = tn("Your program: {n} card", "Your program: {n} cards", count);
    if (count && !scene.me.program) caption += " " + t("(face down: remember it!)");
    html("h3", "tt-caption", caption, tray);
    if (me.bugged_by !== null) html("p", "tt-tag", t("Bug from {name}: runs backwards", { name: names[me.bugged_by] }), tray);
    // a long program lies in a fan, so the strip keeps to one line
    const strip = html("div", "tt-strip" + (count > 7 ? " fan" : ""), null, tray);
    const program = scene.me.program || Array(count).fill("?");
    program.forEach((letter) => {
      const card = html("span", "tt-card small in-program", null, strip);
      card.append(cardArt(letter, seat));
    });
    ui.picked.forEach((index, place) => {
      const letter = scene.me.hand[index];
      const card = button("tt-card small pending", null, () => {
        ui.picked.splice(place, 1);
        redraw();
      }, strip);
      card.dataset.picked = letter;
      card.dataset.focus = `picked-${place}`;
      card.setAttribute("aria-label", t(CARD_NAMES[letter]));
      card.append(cardArt(letter));
    });
    if (!me.playing) {
      const rank = me.rank ? ordinal(api, me.rank) : "";
      html("p", "tt-note", rank ? t("You reached a jewel: {rank}.", { rank: rank }) : "", tray);
      return tray;
    }
    const row = html("div", "tt-row", null, tray);
    const handBox = html("div", "tt-group", null, row);
    html("h3", "tt-caption", turn ? t("Your hand") : t("Your hand (wait for your turn)"), handBox);
    const hand = html("div", "tt-hand", null, handBox);
    const key = turn ? pickedKey(scene) : "";
    scene.me.hand.forEach((letter, index) => {
      if (ui.picked.includes(index)) {
        html("span", "tt-card slot", null, hand);
        return;
      }
      const card = button("tt-card", null, () => {
        ui.picked.push(index);
        ui.tool = null;
        redraw();
      }, hand);
      card.dataset.card = letter;
      card.dataset.focus = `hand-${index}`;
      card.setAttribute("aria-label", t(CARD_NAMES[letter]));
      card.append(cardArt(letter));
      card.disabled = !(turn && turn.add[key + letter]);
      if (turn && card.disabled) card.classList.add("blocked");
    });
    const stock = html("div", "tt-group", null, row);
    html("h3", "tt-caption", t("Walls"), stock);
    const tools = html("div", "tt-tools", null, stock);
    for (const kind of ["stone", "ice"]) {
      const left = me[kind];
      const tool = button("tt-tool", null, () => {
        ui.tool = ui.tool === kind ? null : kind;
        ui.picked = [];
        redraw();
      }, tools);
      tool.dataset.action = tool.dataset.focus = `wall-${kind}`;
      tool.setAttribute("aria-label", t(kind === "stone" ? "stone wall" : "ice wall"));
      tool.setAttribute("aria-pressed", String(ui.tool === kind));
      tool.append(wallIcon(kind));
      html("span", "tt-count", `×${left}`, tool);
      tool.disabled = !(turn && turn[kind].length);
    }
    if (scene.bug_option) {
      const bug = button("tt-tool bug", null, () => {
        ui.tool = ui.tool === "bug" ? null : "bug";
        ui.picked = [];
        redraw();
      }, tools);
      bug.dataset.action = bug.dataset.focus = "bug-card";
      bug.setAttribute("aria-label", t("Bug card"));
      bug.setAttribute("aria-pressed", String(ui.tool === "bug"));
      if (me.bug) bug.append(bugArt());
      else bug.classList.add("spent");
      bug.disabled = !(turn && turn.bug.length);
    }
    if (!turn) return tray;
    // what this turn can be: add the picked cards, build the wall chosen, put the Bug card, run
    let hint = t("Your turn: click cards of your hand in the order they should run, pick a wall, or run.");
    if (ui.picked.length) hint = t("One thing per turn: add the waiting cards, or click them to take them back.");
    else if (ui.tool === "stone" || ui.tool === "ice") hint = t("Click a lit square to build the wall.");
    else if (ui.tool === "bug") hint = t("Click a lit turtle to put your Bug card on its program.");
    html("p", "tt-hint", hint, tray);
    const actions = html("div", "tt-actions", null, tray);
    const offer = turn.add[key];
    const label = ui.picked.length ? tn("Add {n} card", "Add {n} cards", ui.picked.length) : t("Add the cards");
    const add = button("primary", label, () => {
      if (offer) send(api, turn, offer[0], offer[1]);
    }, actions);
    add.dataset.action = add.dataset.focus = "add";
    add.disabled = !(ui.picked.length && offer);
    if (ui.picked.length) {
      const back = button("", t("Take them back"), () => {
        ui.picked = [];
        redraw();
      }, actions);
      back.dataset.action = back.dataset.focus = "clear";
    }
    const run = button("", t("Run the program"), () => turn.run && send(api, turn, turn.run[0], turn.run[1]), actions);
    run.dataset.action = run.dataset.focus = "run";
    run.disabled = !turn.run;
    if (ui.tool === "bug") {
      for (const [target, move, discardable] of turn.bug) {
        const put = button("", t("Put the Bug card on {name}'s program", { name: names[target] }), () => send(api, turn, move, discardable), actions);
        put.dataset.action = "bug";
        put.dataset.move = move;
      }
    }
    const toggle = button("tt-switch", t("Then discard the rest of my hand"), () => {
      ui.discard = !ui.discard;
      redraw();
    }, actions);
    toggle.dataset.action = toggle.dataset.focus = "discard";
    toggle.setAttribute("role", "switch");
    toggle.setAttribute("aria-checked", String(ui.discard));
    return tray;
  }

  function seatsView(scene, api, names, fresh) {
    const { t, tn } = api;
    const list = html("ul", "tt-seats");
    scene.players.forEach((player, seat) => {
      const item = html("li", "tt-seat" + (scene.to_play === seat && !api.state.outcome ? " to-move" : "") + (player.playing ? "" : " finished"), null, list);
      item.append(smallTurtle(seat));
      const who = html("div", "tt-who", null, item);
      const person = personName(api, seat);
      const title = html("strong", null, names[seat], who);
      if (person) title.append(html("span", "tt-person", ` · ${person}`));
      if (seat === api.seat) title.append(html("span", "tt-person", ` (${t("you")})`));
      const facts = html("div", "tt-facts", null, who);
      if (player.playing) {
        const backs = html("span", "tt-backs", null, facts);
        backs.title = tn("{name}'s program: {n} card", "{name}'s program: {n} cards", player.program, { name: names[seat] });
        backs.setAttribute("aria-label", backs.title);
        const shown = Math.min(player.program, 8);
        // the cards just added slide in, once
        const added = fresh && scene.last && scene.last.action === "add" && scene.last.seat === seat ? scene.last.cards.length : 0;
        for (let i = 0; i < shown; i++) {
          const card = html("span", "tt-mini" + (i >= shown - added ? " fresh" : ""), null, backs);
          card.append(cardArt("?", seat));
        }
        html("span", "tt-num", String(player.program), backs);
        for (const kind of ["stone", "ice"]) {
          const stock = html("span", "tt-stock", null, facts);
          stock.title = t(kind === "stone" ? "stone wall" : "ice wall");
          stock.append(wallIcon(kind), `×${player[kind]}`);
        }
        if (player.bug) {
          const bug = html("span", "tt-stock", null, facts);
          bug.title = t("holds a Bug card");
          const art = bugArt();
          art.setAttribute("class", "tt-wall-icon");
          bug.append(art);
        }
        if (player.bugged_by !== null) html("span", "tt-tag", t("Bug from {name}: runs backwards", { name: names[player.bugged_by] }), facts);
      } else if (player.rank) {
        html("span", "tt-tag gold", t("finished {rank}", { rank: ordinal(api, player.rank) }), facts);
      }
      if (scene.rounds > 1) html("span", "tt-points", String(scene.points[seat]), item);
    });
    return list;
  }

  function newsView(scene, api, names) {
    const t = api.t;
    const news = html("section", "tt-news");
    const text = html("div", "tt-say", null, news);
    const caption = html("p", "tt-caption-line", null, text);
    const detail = html("p", "tt-detail", null, text);
    const runCards = html("div", "tt-run", null, news);
    const last = scene.last;
    const replaying = replay.running && replay.last !== null;
    if (replaying) {
      replay.last.steps.forEach((step) => {
        const card = html("span", "tt-card small", null, runCards);
        card.append(cardArt(step.card));
      });
    } else if (last) {
      caption.textContent = lastText(api, names, last);
      if (last.action === "run" && last.steps.length && last.before) {
        const again = button("tt-replay", t("Replay the run"), () => {
          startReplay(last, ui.key, api.state.table);
          redraw();
        }, news);
        again.dataset.action = "replay";
      }
    }
    if (scene.rounds > 1) html("p", "tt-detail", t("Round {n} of {total}", { n: scene.round, total: scene.rounds }), text);
    news.hidden = !replaying && !last && scene.rounds === 1; // nothing has happened yet
    return { news: news, caption: caption, detail: detail, runCards: runCards, replaying: replaying };
  }

  function draw(host, scene, api) {
    page = api;
    const key = `${api.state.table}:${scene.ply}:${api.seat}`;
    const fresh = ui.key !== key && ui.key !== null;
    if (replay.running && replay.table !== api.state.table) replay.running = false; // another table now
    if (ui.key !== key) {
      Object.assign(ui, { key: key, picked: [], tool: null, discard: false });
      const last = scene.last;
      if (last && last.action === "run" && last.before && last.steps.length && replay.key !== key && !api.stage.reduced()) {
        startReplay(last, key, api.state.table);
      }
    }
    const names = scene.names.map((name) => api.t(name));
    const letters = initials(names);
    const root = html("div", "tt");
    root.dataset.ply = String(scene.ply);
    if (scene.turn) root.dataset.turn = "yes";
    const news = newsView(scene, api, names);
    const play = html("div", "tt-play", null, root);
    const board = boardView(scene, api, scene.turn);
    const boardBox = html("div", "tt-board-box", null, play);
    boardBox.append(board.art);
    const side = html("div", "tt-side", null, play);
    side.append(trayView(scene, api, names), seatsView(scene, api, names, fresh));
    root.prepend(news.news);
    // the page is drawn anew on each click: the control that had the keyboard's focus gets it back
    const focused = host.contains(document.activeElement) ? document.activeElement.dataset.focus : undefined;
    host.replaceChildren(root);
    const again = focused ? root.querySelector(`[data-focus="${focused}"]`) : null;
    if (again) again.focus();
    current = {
      host: host,
      scene: scene,
      api: api,
      names: names,
      letters: letters,
      pieces: board.pieces,
      caption: news.caption,
      detail: news.detail,
      runCards: news.runCards,
      replaying: news.replaying,
    };
    replay.shown = -1; // the caption just made is empty: the next frame writes it
    paintPieces();
  }

  window.Ludoteca.drawers.turtles = draw;
})();
