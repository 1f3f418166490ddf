// The console: start or join a table, then play it as the seat sees it. Everything here goes
// through the public API (REST and SSE), so any other client can do the same.
import { mechanics, spec } from "./api.js";
import { el } from "./dom.js";
import { home, rollPanel } from "./home.js";
import { openTable } from "./table.js";

const KEY = "arbiter.seat";

/** A join link carries the seat in its fragment (never sent to a server); keep it in this tab only. */
function takeSeatFromFragment() {
  if (!location.hash) return;
  const params = new URLSearchParams(location.hash.slice(1));
  const session = params.get("session");
  const token = params.get("token");
  if (session && token) sessionStorage.setItem(KEY, JSON.stringify({ session, token }));
  history.replaceState(null, "", location.pathname);
}

export function sit(seat) {
  sessionStorage.setItem(KEY, JSON.stringify(seat));
  start();
}

export function leave() {
  sessionStorage.removeItem(KEY);
  start();
}

let starts = 0;  // the latest start wins: one begun earlier (the page's load, then a join link) draws nothing

async function start() {
  const run = ++starts;
  const root = document.getElementById("app");
  if (window.arbiter.stream) window.arbiter.stream.stop();  // the table this tab left follows nothing more
  window.arbiter.stream = null;
  const seat = JSON.parse(sessionStorage.getItem(KEY) || "null");
  const [doc, catalog] = await Promise.all([spec(), mechanics()]);
  if (run !== starts) return;
  root.replaceChildren();
  if (seat) {
    await openTable(root, doc, catalog, seat, { leave, current: () => run === starts });
  } else {
    root.append(home(doc, catalog, { sit }), rollPanel(doc, catalog));
  }
}

// A join link opened in a tab already on the console changes only the fragment: sit at once.
window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  takeSeatFromFragment();
  start();
});
takeSeatFromFragment();
window.arbiter = window.arbiter || {};
start().catch((error) => {
  document.getElementById("app").replaceChildren(el("p", { class: "error", role: "alert" }, `The console could not start: ${error.message}`));
});
