"use strict";
// The loader of the strategies' WebAssembly module (crates/nqueens-web), plain script, no
// network. web/build embeds the module as base64 in nqueens-wasm.js (self.NQUEENS_WASM),
// because a page opened from file:// may not fetch() it; it is compiled once here and each
// job runs in a Web Worker made from a Blob (a file:// page may not start a worker from a
// file either), so the page stays responsive and a job can be stopped by ending its worker.
//
// The module exports four plain functions over its linear memory (no binding generator):
// nq_input(len) gives the address of a buffer for the request (JSON, UTF-8), nq_run() runs
// it, nq_answer() writes the answer and returns its length, nq_output() gives its address.
const NQueens = (() => {
  // The worker's whole program, started from a Blob URL: it instantiates the module afresh
  // for every job, so the memory a job grew is its own, and times the call.
  function workerMain() {
    self.onmessage = (event) => {
      const { module, request } = event.data;
      try {
        const wasm = new WebAssembly.Instance(module, {}).exports;
        const before = wasm.memory.buffer.byteLength;
        const bytes = new TextEncoder().encode(JSON.stringify(request));
        const address = wasm.nq_input(bytes.length);
        new Uint8Array(wasm.memory.buffer, address, bytes.length).set(bytes);
        // The job's time: the run, without writing its answer as JSON.
        const started = performance.now();
        wasm.nq_run();
        const seconds = (performance.now() - started) / 1000;
        const length = wasm.nq_answer();
        const answer = new TextDecoder().decode(
          new Uint8Array(wasm.memory.buffer, wasm.nq_output(), length));
        postMessage({ answer, seconds, memory: wasm.memory.buffer.byteLength - before });
      } catch (error) {
        // A panic in the module is a trap (panic=abort): a bug, reported as such.
        postMessage({ failure: String(error) });
      }
    };
  }

  function decode(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  const workerUrl = URL.createObjectURL(
    new Blob(["(" + workerMain + ")();"], { type: "text/javascript" }));
  let module = null;
  let worker = null;
  let pending = null; // { resolve, reject } of the job under way

  function startWorker() {
    worker = new Worker(workerUrl);
    worker.onmessage = (event) => {
      const job = pending;
      pending = null;
      if (!job) return;
      const { answer, seconds, memory, failure } = event.data;
      if (failure) {
        // The instance is spent after a trap; the next job gets a fresh one anyway.
        job.reject(new Error("the module failed: " + failure));
        return;
      }
      const parsed = JSON.parse(answer);
      if (parsed.error) job.reject(new Error(parsed.error));
      else job.resolve({ answer: parsed, seconds, memory });
    };
    worker.onerror = (event) => {
      const job = pending;
      pending = null;
      if (job) job.reject(new Error(event.message || "the worker failed"));
    };
  }

  // A seed for a request that gives none: the module has no entropy source of its own.
  function freshSeed() {
    const words = crypto.getRandomValues(new Uint32Array(2));
    return (BigInt(words[0]) << 32n | BigInt(words[1])).toString();
  }

  return {
    /** Compiles the embedded module; resolves once jobs can run. */
    async load() {
      if (typeof self.NQUEENS_WASM !== "string") {
        throw new Error("nqueens-wasm.js is missing: run web/build first");
      }
      module = await WebAssembly.compile(decode(self.NQUEENS_WASM));
      startWorker();
    },

    /** The module's size in bytes. */
    size() {
      return typeof self.NQUEENS_WASM === "string" ? self.NQUEENS_WASM.length / 4 * 3 : 0;
    },

    /** Runs one request in the worker: { answer, seconds, memory } or an error. */
    run(request) {
      if (pending) return Promise.reject(new Error("a job is already running"));
      const withSeed = { ...request };
      const seedless = withSeed.seed == null || withSeed.seed === "";
      if (seedless && request.job !== "strategies") withSeed.seed = freshSeed();
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage({ module, request: withSeed });
      });
    },

    /** Stops the job under way (its promise rejects with `reason`): ends the worker. */
    stop(reason = "stopped") {
      if (!pending) return false;
      worker.terminate();
      const job = pending;
      pending = null;
      startWorker();
      job.reject(new Error(reason));
      return true;
    },

    /** Whether a job is under way. */
    busy() {
      return pending !== null;
    },
  };
})();
