// The planner's worker (issue 95): Foreman's WebAssembly loaded a second time, off the page's
// thread, answering each job (a saved game whose player asks Suggest) in turn, so that the
// page goes on drawing while it thinks. src/ui/web.rs sends the jobs; an answer that is not
// text (the module did not load, or the job failed) has the page think it itself.
import init, { work } from "./foreman_web.js";

const ready = init();
onmessage = async (e) => {
  try {
    await ready;
    postMessage(work(e.data));
  } catch (err) {
    console.error("Foreman's worker:", err);
    postMessage(null);
  }
};
