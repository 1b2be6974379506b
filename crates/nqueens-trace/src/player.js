"use strict";
// The N-Queens trace player: plain script, no network. The data (one array per frame, its
// fields named in data.fields) is the JSON in #trace-data, written by nqueens-trace.
(() => {
  const data = JSON.parse(document.getElementById("trace-data").textContent);
  const at = Object.fromEntries(data.fields.map((name, index) => [name, index]));
  const byId = (id) => document.getElementById(id);
  const controls = {
    play: byId("play"), step: byId("step"), back: byId("back"), reset: byId("reset"),
    speed: byId("speed"), speedValue: byId("speed-value"), scrub: byId("scrub"),
    counter: byId("step-counter"),
  };

  const players = data.traces.map(makePlayer);
  const lastStep = Math.max(...players.map((p) => p.frames.length - 1));
  let step = 0;
  let playing = false;
  let timer = null;
  let carry = 0; // fractional steps owed by the clock
  let lastTick = 0;

  function describe(trace) {
    const h = trace.header;
    return h.strategy + (h.variant ? " (" + h.variant + ")" : "") + ", n = " + h.n;
  }

  // One board with its counters and chart, from the template; its parts get ids part-index.
  function makePlayer(trace, index) {
    const node = byId("player-template").content.firstElementChild.cloneNode(true);
    const part = {};
    node.querySelectorAll("[data-part]").forEach((el) => {
      part[el.dataset.part] = el;
      el.id = el.dataset.part + "-" + index;
    });
    byId("players").append(node);
    const h = trace.header;
    const n = h.n;
    const frames = trace.frames;
    part.name.textContent = describe(trace);
    part.about.textContent = [
      "n = " + n,
      h.seed == null ? "no seed" : "seed " + h.seed,
      "operation: " + h.operation,
      h.given.length ? h.given.length + " given queens" : null,
      "ended: " + trace.end.end,
    ].filter(Boolean).join(" · ");
    part.cut.textContent = trace.end.cut
      ? "Cut at --max-steps " + h.max_steps + ": these are the first " + trace.end.steps +
        " steps of the search, not all of it."
      : "Complete: all " + trace.end.steps + " steps of the run (max steps " + h.max_steps + ").";
    part.cut.classList.toggle("is-cut", trace.end.cut);
    part["subproblems-row"].hidden = h.operation !== "count";

    // The board: n × n squares, then one queen per row (hidden while the row is empty).
    const board = part.board;
    const svg = board.namespaceURI; // the SVG namespace, without spelling its address
    board.setAttribute("viewBox", "0 0 " + n + " " + n);
    board.setAttribute("aria-label", "Chessboard of " + describe(trace));
    const squares = [];
    for (let row = 0; row < n; row++) {
      for (let column = 0; column < n; column++) {
        const square = document.createElementNS(svg, "rect");
        square.setAttribute("x", column);
        square.setAttribute("y", row);
        square.setAttribute("width", 1);
        square.setAttribute("height", 1);
        squares.push(square);
        board.append(square);
      }
    }
    const queens = [];
    for (let row = 0; row < n; row++) {
      const queen = document.createElementNS(svg, "path");
      // A crown in the unit square, moved onto its column by transform.
      queen.setAttribute("d", "M.2 .8H.8L.86 .3 .68 .52 .5 .2 .32 .52 .14 .3Z");
      queen.setAttribute("class", "queen");
      queens.push(queen);
      board.append(queen);
    }

    // The chart: conflicts (local search) or depth per step, at most 600 points (each the
    // largest value of its span of steps).
    const conflicts = trace.chart === "conflicts";
    const values = frames.map((f) => (conflicts ? f[at.attacked].length : f[at.depth]));
    const top = values.reduce((a, b) => Math.max(a, b), 1);
    const points = [];
    const buckets = Math.min(values.length, 600);
    for (let b = 0; b < buckets; b++) {
      const from = Math.floor((b * values.length) / buckets);
      const to = Math.max(from + 1, Math.floor(((b + 1) * values.length) / buckets));
      let value = 0;
      for (let i = from; i < to; i++) value = Math.max(value, values[i]);
      const x = buckets > 1 ? (300 * b) / (buckets - 1) : 0;
      points.push(x.toFixed(1) + "," + (78 - (76 * value) / top).toFixed(1));
    }
    part.line.setAttribute("points", points.join(" "));
    const what = conflicts ? "conflicts (attacked queens)" : "depth (queens on the board)";
    part["chart-label"].textContent = what + " over the " + (frames.length - 1) +
      " steps; highest " + top + ". The red line is the current step.";
    part.chart.setAttribute("aria-label", "Chart of " + what + " over the steps");
    return { trace, frames, part, squares, queens, n };
  }

  // Draws frame f of player p.
  function render(p, f) {
    const frame = p.frames[f];
    const columns = frame[at.board];
    const attacked = frame[at.attacked];
    const n = p.n;
    const hit = new Uint8Array(n * n);
    columns.forEach((column, row) => {
      if (column < 0) return;
      for (let k = 0; k < n; k++) {
        hit[row * n + k] = 1;
        hit[k * n + column] = 1;
        const shift = k - row;
        if (column + shift >= 0 && column + shift < n) hit[k * n + column + shift] = 1;
        if (column - shift >= 0 && column - shift < n) hit[k * n + column - shift] = 1;
      }
    });
    p.squares.forEach((square, i) => {
      const shade = (Math.floor(i / n) + (i % n)) % 2 ? "dark" : "light";
      square.setAttribute("class", hit[i] ? shade + " attacked" : shade);
    });
    const red = new Set(attacked);
    columns.forEach((column, row) => {
      const queen = p.queens[row];
      queen.style.display = column < 0 ? "none" : "";
      if (column >= 0) queen.setAttribute("transform", "translate(" + column + " " + row + ")");
      queen.setAttribute("class", red.has(row) ? "queen attacked" : "queen");
    });
    const board = p.part.board;
    board.dataset.columns = columns.join(",");
    board.dataset.attacked = attacked.join(",");
    board.dataset.step = f;
    const text = (name, value) => { p.part[name].textContent = String(value); };
    text("frame-step", f + " / " + (p.frames.length - 1));
    text("depth", frame[at.depth]);
    text("nodes", frame[at.nodes]);
    text("dead-ends", frame[at.dead_ends]);
    text("moves", frame[at.moves]);
    text("restarts", frame[at.restarts]);
    text("conflicts", attacked.length);
    text("found", frame[at.found]);
    text("subproblems", frame[at.subproblems_done] + " / " + frame[at.subproblems]);
    text("event", f === 0 ? "start" : "step " + f + ": " + frame[at.event]);
    const x = p.frames.length > 1 ? (300 * f) / (p.frames.length - 1) : 0;
    p.part.marker.setAttribute("x1", x);
    p.part.marker.setAttribute("x2", x);
  }

  // Shows global step s: each board its frame s, or its last frame if it is shorter.
  function show(s) {
    step = Math.max(0, Math.min(lastStep, s));
    players.forEach((p) => render(p, Math.min(step, p.frames.length - 1)));
    controls.scrub.value = step;
    controls.counter.textContent = step + " / " + lastStep;
    document.body.dataset.step = step;
    if (playing && step >= lastStep) pause();
  }

  const stepsPerSecond = () => Math.round(Math.pow(10, controls.speed.value / 40));

  function tick() {
    const now = performance.now();
    carry += ((now - lastTick) * stepsPerSecond()) / 1000;
    lastTick = now;
    const whole = Math.floor(carry);
    if (whole > 0) {
      carry -= whole;
      show(step + whole);
    }
    if (playing) timer = setTimeout(tick, 16);
  }

  function play() {
    if (step >= lastStep) show(0);
    playing = true;
    carry = 1; // the first step shows at once
    lastTick = performance.now();
    controls.play.textContent = "\u2016 Pause";
    controls.play.setAttribute("aria-label", "Pause");
    document.body.dataset.playing = "1";
    tick();
  }

  function pause() {
    playing = false;
    clearTimeout(timer);
    controls.play.textContent = "\u25B6 Play";
    controls.play.setAttribute("aria-label", "Play");
    document.body.dataset.playing = "0";
  }

  const goTo = (s) => { pause(); show(s); };
  controls.play.addEventListener("click", () => (playing ? pause() : play()));
  controls.step.addEventListener("click", () => goTo(step + 1));
  controls.back.addEventListener("click", () => goTo(step - 1));
  controls.reset.addEventListener("click", () => goTo(0));
  controls.scrub.addEventListener("input", () => goTo(Number(controls.scrub.value)));
  const showSpeed = () => { controls.speedValue.textContent = stepsPerSecond() + " steps/s"; };
  controls.speed.addEventListener("input", showSpeed);

  // Space plays and pauses, the arrows step, Home and End jump; a focused button or slider
  // keeps its own keys.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const onButton = target instanceof HTMLButtonElement;
    const onInput = target instanceof HTMLInputElement;
    const keys = {
      " ": () => (playing ? pause() : play()),
      ArrowRight: () => goTo(step + 1),
      ArrowLeft: () => goTo(step - 1),
      Home: () => goTo(0),
      End: () => goTo(lastStep),
    };
    const action = keys[event.key];
    if (!action || onInput || (onButton && event.key === " ")) return;
    event.preventDefault();
    action();
  });

  controls.scrub.max = lastStep;
  // Two are compared by name; more (the report's page) are one per family of strategies.
  document.title = data.traces.length > 2
    ? "N-Queens traces: " + data.traces.length + " strategies stepping together"
    : "N-Queens trace: " + data.traces.map(describe).join(" vs ");
  byId("title").textContent = document.title;
  showSpeed();
  pause();
  show(0);
  document.body.dataset.ready = "1";
})();
