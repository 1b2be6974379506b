"use strict";
// The page: runs the jobs the form asks for, one at a time in the worker (nqueens.js), and
// shows each in the table, the chart and the board; records and plays traces. Plain script,
// no network. Its state is on window.nqueensPage and document.body.dataset (ready, busy,
// done) for readers who script it, as the browser test does.
(() => {
  const byId = (id) => document.getElementById(id);
  const page = { results: [], strategies: [], notBuilt: [], trace: null, validate };
  window.nqueensPage = page;
  const status = byId("status");
  const SVG = byId("chart").namespaceURI;

  // A000170 (OEIS): solutions of the n-queens problem, n = 1 to 27.
  const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
    14772512, 95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644,
    24233937684440, 227514171973736, 2207893435808352, 22317699616364044,
    234907967154122528];

  function say(text, failed = false) {
    status.textContent = text;
    status.classList.toggle("failed", failed);
  }

  /** Checks a placement (one column per row): O(n), independent of the module. */
  function validate(columns, n) {
    if (!Array.isArray(columns) || columns.length !== n) return "not " + n + " rows";
    const used = new Uint8Array(n);
    const sums = new Uint8Array(2 * n);
    const differences = new Uint8Array(2 * n);
    for (let row = 0; row < n; row++) {
      const column = columns[row];
      if (!Number.isInteger(column) || column < 0 || column >= n) return "row " + row + " is off the board";
      if (used[column]++) return "two queens in column " + column;
      if (differences[row - column + n]++) return "two queens on a diagonal (row " + row + ")";
      if (sums[row + column]++) return "two queens on an anti-diagonal (row " + row + ")";
    }
    return "valid";
  }

  function sizes(text) {
    const out = [];
    for (const part of text.split(",")) {
      const [low, high = low] = part.split("-").map((s) => Number(s.trim()));
      if (!Number.isInteger(low) || !Number.isInteger(high) || low < 1 || high < low || high - low > 64) {
        throw new Error("n: " + JSON.stringify(part.trim()) + " is not a size or a range like 8-12");
      }
      for (let n = low; n <= high; n++) out.push(n);
    }
    return out;
  }

  function optionalNumber(id) {
    const text = byId(id).value.trim();
    if (text === "") return undefined;
    if (!/^\d+$/.test(text)) throw new Error(id + ": " + JSON.stringify(text) + " is not a whole number");
    return text;
  }

  // --- the strategies --------------------------------------------------------------------
  function describeLimit(limit) {
    if (limit === "unbounded") return "any n";
    if (limit["up-to"] != null) return "n ≤ " + limit["up-to"];
    return "no";
  }

  function listStrategies(listing) {
    page.strategies = listing.strategies;
    page.notBuilt = listing.not_built;
    const box = byId("strategies");
    for (const strategy of listing.strategies) {
      const label = document.createElement("label");
      const box1 = document.createElement("input");
      box1.type = "checkbox";
      box1.value = strategy.name;
      box1.checked = strategy.name === "bitmask";
      label.append(box1, " " + strategy.name);
      const named = strategy.variants.filter((v) => v.name);
      if (named.length > 1) {
        const select = document.createElement("select");
        select.dataset.variantOf = strategy.name;
        select.append(new Option("(auto)", ""));
        for (const v of named) select.append(new Option(v.name, v.name));
        label.append(" ", select);
      }
      if (strategy.one_thread) {
        const note = document.createElement("small");
        note.textContent = " one thread";
        label.append(note);
      }
      const v = strategy.variants[0];
      label.title = strategy.summary + "\nfirst: " + describeLimit(v.first) + ", list: " +
        describeLimit(v.list) + ", count: " + describeLimit(v.count) +
        (strategy.one_thread ? "\nSplits its count into subproblems; natively on every core, here on one thread." : "");
      box.append(label);
      for (const id of ["trace-a", "trace-b"]) byId(id).append(new Option(strategy.name, strategy.name));
    }
    byId("trace-b").value = "min-conflicts";
    byId("not-built").textContent = listing.not_built.length
      ? "Not in this build: " + listing.not_built.map((s) => s.name + " (" + s.reason + ")").join("; ") + "."
      : "";
  }

  // --- running jobs ----------------------------------------------------------------------
  let stopping = false;
  let timeLimit = 0; // seconds; 0 for none

  function setBusy(busy) {
    document.body.dataset.busy = busy ? "1" : "0";
    byId("stop").disabled = !busy;
    byId("run").disabled = busy;
    byId("trace").disabled = busy;
  }

  async function runForm(event) {
    event.preventDefault();
    let jobs;
    try {
      const job = byId("job").value;
      const chosen = [...byId("strategies").querySelectorAll("input:checked")].map((c) => c.value);
      if (chosen.length === 0) throw new Error("choose at least one strategy");
      const common = { job, seed: optionalNumber("seed"), budget: optionalNumber("budget") };
      if (common.budget) common.budget = Number(common.budget);
      common.stats = byId("stats").checked;
      if (job === "list") common.limit = Number(optionalNumber("limit") || 10);
      const native = Number(byId("native").value) || null;
      timeLimit = Number(byId("time-limit").value) || 0;
      jobs = [];
      for (const n of sizes(byId("n").value)) {
        for (const strategy of chosen) {
          const variant = byId("strategies").querySelector("[data-variant-of='" + strategy + "']");
          jobs.push({ request: { ...common, strategy, n, variant: variant?.value || undefined }, native });
        }
      }
    } catch (error) {
      say(error.message, true);
      return;
    }
    stopping = false;
    setBusy(true);
    for (const [index, { request, native }] of jobs.entries()) {
      if (stopping) break;
      say("Running " + request.strategy + " " + request.job + " n = " + request.n +
        " (" + (index + 1) + " of " + jobs.length + ")…");
      const result = { request, native };
      // A time limit ends the worker like Stop, but the next job still runs.
      const timer = timeLimit > 0 ? setTimeout(() => NQueens.stop("timeout"), timeLimit * 1000) : null;
      try {
        Object.assign(result, await NQueens.run(request));
        result.check = check(result);
      } catch (error) {
        result.error = error.message;
      }
      clearTimeout(timer);
      addResult(result);
    }
    setBusy(false);
    say(stopping ? "Stopped." : "Done: " + jobs.length + " job" + (jobs.length === 1 ? "" : "s") + ".");
  }

  function check(result) {
    const { answer, request } = result;
    if (answer.solutions) {
      const bad = answer.solutions.map((s) => validate(s, request.n)).find((v) => v !== "valid");
      return bad || "valid";
    }
    if (answer.solution) return validate(answer.solution, request.n);
    if (request.job === "count" && answer.ended === "exhausted" && request.n <= A000170.length) {
      return answer.total === A000170[request.n - 1] ? "A000170" : "not A000170";
    }
    return "";
  }

  const FORMAT = new Intl.NumberFormat("en");
  function bytes(count) {
    if (count == null) return "";
    if (count < 1024 * 1024) return Math.round(count / 1024) + " KiB";
    return (count / 1024 / 1024).toFixed(1) + " MiB";
  }

  function addResult(result) {
    result.index = page.results.length + 1;
    page.results.push(result);
    const { request, answer, error } = result;
    const row = document.createElement("tr");
    const cells = [result.index, request.strategy + (answer?.variant ? " (" + answer.variant + ")" : ""),
      request.job, FORMAT.format(request.n)];
    if (error) {
      row.classList.add("failed");
      cells.push(error);
      row.append(...cells.map(cell));
      row.lastChild.colSpan = 9;
      row.lastChild.style.textAlign = "left";
    } else {
      const stats = answer.stats;
      const ratio = result.native ? (result.seconds / result.native).toFixed(2) + "×" : "";
      // Memory: what the module's heap grew for this job (a fresh instance per job, in
      // 64 KiB pages), or the strategy's own peak where it reports one and it is larger.
      const memory = Math.max(result.memory, stats.peak_bytes || 0);
      cells.push(typeof answer.label === "string" && /^\d+$/.test(answer.label)
        ? FORMAT.format(Number(answer.label)) : answer.label,
      result.seconds.toFixed(4), ratio, FORMAT.format(stats.nodes), FORMAT.format(stats.backtracks),
      FORMAT.format(stats.moves), bytes(memory), result.check);
      row.append(...cells.map(cell));
      // Passed: "valid" or "A000170"; nothing to check: ""; anything else says what is wrong.
      const passed = ["valid", "A000170", ""].includes(result.check);
      row.children[11].className = passed ? "valid" : "invalid";
      const board = answer.solution || (answer.solutions && answer.solutions[0]);
      const action = document.createElement("td");
      if (board) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "board";
        button.addEventListener("click", () => drawBoard(result));
        action.append(button);
        if (!page.shown) drawBoard(result);
      }
      row.append(action);
    }
    byId("results").tBodies[0].append(row);
    const wrap = byId("results").parentElement;
    wrap.scrollTop = wrap.scrollHeight;
    document.body.dataset.done = String(page.results.length);
    drawChart();
  }

  function cell(content) {
    const td = document.createElement("td");
    td.textContent = content;
    return td;
  }

  // --- the board -------------------------------------------------------------------------
  function drawBoard(result) {
    page.shown = result;
    const columns = result.answer.solution || result.answer.solutions[0];
    const n = columns.length;
    const canvas = byId("board");
    const context = canvas.getContext("2d");
    const size = canvas.width;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size, size);
    if (n <= 64) {
      const square = size / n;
      for (let row = 0; row < n; row++) {
        for (let column = 0; column < n; column++) {
          context.fillStyle = (row + column) % 2 ? "#b58863" : "#f0d9b5";
          context.fillRect(column * square, row * square, square, square);
        }
      }
      context.fillStyle = "#1d2733";
      for (let row = 0; row < n; row++) {
        context.beginPath();
        context.arc((columns[row] + 0.5) * square, (row + 0.5) * square, square * 0.32, 0, 2 * Math.PI);
        context.fill();
      }
    } else {
      // Too many rows to draw squares: each queen is a dot at its row and column, scaled.
      const image = context.getImageData(0, 0, size, size);
      for (let row = 0; row < n; row++) {
        const x = Math.floor(columns[row] * size / n);
        const y = Math.floor(row * size / n);
        image.data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
      }
      context.putImageData(image, 0, 0);
    }
    byId("board-caption").textContent = "#" + result.index + ": " + result.request.strategy + ", n = " +
      FORMAT.format(n) + (n > 64 ? " (each queen a dot: row down, column across)" : "") +
      "; the page's check: " + validate(columns, n) + ".";
  }

  // --- the chart -------------------------------------------------------------------------
  const COLOURS = ["#2f6db5", "#d1495b", "#00798c", "#edae49", "#66a182", "#8d6a9f", "#3d405b",
    "#e07a5f", "#5c946e", "#a23b72"];

  function drawChart() {
    const svg = byId("chart");
    svg.replaceChildren();
    const done = page.results.filter((r) => r.answer && r.seconds > 0);
    if (done.length === 0) return;
    const series = new Map();
    for (const r of done) {
      const key = r.request.strategy + " " + r.request.job;
      if (!series.has(key)) series.set(key, []);
      series.get(key).push([r.request.n, Math.max(r.seconds, 1e-5)]);
    }
    const ns = done.map((r) => r.request.n);
    const logs = done.map((r) => Math.log10(Math.max(r.seconds, 1e-5)));
    // n on a linear axis, or a logarithmic one when the sizes span more than 50×.
    const logN = Math.max(...ns) / Math.min(...ns) > 50;
    const nx = logN ? Math.log10 : (n) => n;
    const [n0, n1] = [nx(Math.min(...ns)), nx(Math.max(...ns))];
    const [y0, y1] = [Math.floor(Math.min(...logs)), Math.ceil(Math.max(...logs)) || 1];
    const box = { left: 60, right: 560, top: 16, bottom: 260 };
    const x = (n) => n1 === n0 ? (box.left + box.right) / 2
      : box.left + (nx(n) - n0) / (n1 - n0) * (box.right - box.left);
    const y = (s) => box.bottom - (Math.log10(s) - y0) / Math.max(y1 - y0, 1) * (box.bottom - box.top);
    const add = (name, attributes, text) => {
      const el = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      if (text != null) el.textContent = text;
      svg.append(el);
      return el;
    };
    for (let p = y0; p <= Math.max(y1, y0 + 1); p++) {
      const yy = y(10 ** p);
      add("line", { class: "grid", x1: box.left, x2: box.right, y1: yy, y2: yy });
      add("text", { x: box.left - 6, y: yy + 4, "text-anchor": "end" }, secondsLabel(p));
    }
    // Tick labels at least 40 units apart.
    let lastTick = -Infinity;
    const ticks = [...new Set(ns)].sort((a, b) => a - b).filter((n) => {
      if (x(n) - lastTick < 40) return false;
      lastTick = x(n);
      return true;
    });
    ticks.forEach((n) =>
      add("text", { x: x(n), y: box.bottom + 16, "text-anchor": "middle" }, FORMAT.format(n)));
    add("line", { class: "axis", x1: box.left, x2: box.right, y1: box.bottom, y2: box.bottom });
    add("line", { class: "axis", x1: box.left, x2: box.left, y1: box.top, y2: box.bottom });
    add("text", { x: (box.left + box.right) / 2, y: box.bottom + 34, "text-anchor": "middle" }, "n");
    [...series.entries()].forEach(([key, points], i) => {
      const colour = COLOURS[i % COLOURS.length];
      points.sort((a, b) => a[0] - b[0]);
      add("polyline", { points: points.map(([n, s]) => x(n) + "," + y(s)).join(" "),
        fill: "none", stroke: colour, "stroke-width": 2 });
      for (const [n, s] of points) add("circle", { cx: x(n), cy: y(s), r: 3, fill: colour });
      add("rect", { x: box.right + 20, y: box.top + i * 18, width: 12, height: 12, fill: colour });
      add("text", { x: box.right + 38, y: box.top + i * 18 + 10, class: "legend" }, key);
    });
  }

  function secondsLabel(power) {
    if (power >= 0) return 10 ** power + " s";
    if (power >= -3) return 10 ** (power + 3) + " ms";
    return 10 ** (power + 6) + " µs";
  }

  // --- traces ----------------------------------------------------------------------------
  async function traceForm(event) {
    event.preventDefault();
    const strategies = [byId("trace-a").value, byId("trace-b").value].filter(Boolean);
    const request = { job: "trace", strategies, n: Number(byId("trace-n").value),
      max_steps: Number(byId("trace-steps").value), seed: optionalNumber("seed") };
    setBusy(true);
    say("Recording " + strategies.join(" and ") + " at n = " + request.n + "…");
    try {
      const { answer } = await NQueens.run(request);
      page.trace = answer.traces;
      byId("player").srcdoc = answer.html;
      say("Traced " + answer.traces.map((t) => t.strategy + ": " + t.steps + " steps" +
        (t.cut ? " (cut)" : "")).join(", ") + ".");
    } catch (error) {
      say(error.message, true);
    }
    setBusy(false);
  }

  // --- start -----------------------------------------------------------------------------
  byId("run-form").addEventListener("submit", runForm);
  byId("trace-form").addEventListener("submit", traceForm);
  byId("stop").addEventListener("click", () => {
    stopping = true;
    NQueens.stop();
  });
  byId("clear").addEventListener("click", () => {
    page.results = [];
    page.shown = null;
    byId("results").tBodies[0].replaceChildren();
    drawChart();
  });
  setBusy(false);
  (async () => {
    try {
      await NQueens.load();
      const { answer } = await NQueens.run({ job: "strategies" });
      listStrategies(answer);
      // From the start of the navigation (performance's time origin): the page, its scripts,
      // the module's compilation and the first job.
      page.loadSeconds = performance.now() / 1000;
      say("Ready: " + answer.strategies.length + " strategies, a " +
        Math.round(NQueens.size() / 1024) + " KiB module, loaded in " +
        Math.round(page.loadSeconds * 1000) + " ms.");
      document.body.dataset.ready = "1";
    } catch (error) {
      say(error.message, true);
    }
  })();
})();
