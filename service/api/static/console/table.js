// One table as one seat sees it: the state, the forms to act, the live log, and the verifier.
import { ApiError, call } from "./api.js";
import { el } from "./dom.js";
import { follow } from "./live.js";
import { logEntry, markEntry } from "./log.js";
import { actPanel } from "./act.js";
import { stateView } from "./render.js";
import { check } from "./verify.js";

export async function openTable(root, doc, catalog, seat, { leave, current = () => true }) {
  const base = `/v1/sessions/${encodeURIComponent(seat.session)}`;
  let session;
  try {
    session = await call("GET", base, { token: seat.token });
  } catch (failure) {
    if (!current()) return;
    const back = el("button", { type: "button" }, "back");
    back.addEventListener("click", leave);
    root.append(el("p", { class: "field-error", role: "alert" }, `Cannot open the table: ${failure.message}`), back);
    return;
  }
  if (!current()) return;  // the tab moved on (another join link) while this table was being read
  const entries = new Map();  // seq -> log entry as this seat may see it
  const data = window.arbiter;
  data.session = session;
  data.entries = () => [...entries.values()].sort((a, b) => a.seq - b.seq);

  const title = el("h2", { id: "table-title" });
  const status = el("span", { class: "live-state", id: "live-state" }, "connecting");
  const stateBox = el("div", { id: "state" });
  const logList = el("ol", { id: "log", class: "log", "aria-label": "action log" });
  const verdict = el("p", { id: "verify-summary", "aria-live": "polite" });
  const verifyButton = el("button", { type: "button", id: "verify" }, "verify every die in this page");
  const closeButton = el("button", { type: "button", id: "close-session" }, "close the session (reveal the seeds)");
  const leaveButton = el("button", { type: "button", id: "leave" }, "leave the table");
  leaveButton.addEventListener("click", () => { stream.stop(); leave(); });

  let act = null;
  let stream = null;
  // Log reads are numbered and only the newest one's pages are shown: a read begun earlier (before the close, with
  // the entries hidden as they were then) never lands over a later one. `#log[aria-busy]` is "true" while one runs.
  let reads = 0;
  let reading = 0;
  // The verifier waits for the seeds and for a finished log read begun after they were out: checking the entries
  // read before the close would pass over the dice this seat could not see then.
  let logAfterReveal = false;
  let ended = false;  // the session is closed and this page knows it: the stream is stopped, the revealed log read
  const revealed = () => session.seeds.some((s) => s.seed);
  const arm = () => {
    const ready = revealed() && logAfterReveal && reading === 0;
    verifyButton.disabled = !ready;
    verifyButton.title = ready ? "" : revealed() ? "reading the revealed log" : "the seeds are revealed when the session closes";
    logList.setAttribute("aria-busy", reading ? "true" : "false");
  };
  const seatName = (id) => (session.seats.find((s) => s.id === id) || { name: id || "—" }).name;
  const draw = () => {
    const viewer = session.viewer || { name: "?", role: "?" };
    title.textContent = `${session.system} · ${session.id} · you are ${viewer.name} (${viewer.role}) · version ${session.version}${session.closed ? " · closed" : ""}`;
    stateBox.replaceChildren(stateView(session));
    arm();
    closeButton.hidden = session.closed;
    if (act) act.hidden = session.closed;  // a closed session takes no more actions
  };
  const show = (entry) => {
    entries.set(entry.seq, entry);
    const node = logEntry(entry, seatName);
    const old = logList.querySelector(`[data-seq="${entry.seq}"]`);
    if (old) old.replaceWith(node);
    else {
      const after = [...logList.children].find((li) => Number(li.dataset.seq) > entry.seq);
      logList.insertBefore(node, after || null);
    }
  };
  const loadLog = async () => {
    const mine = ++reads;
    const afterReveal = revealed();
    reading++;
    verdict.textContent = "";  // the entries are read again: a summary of the ones it replaces no longer holds
    verdict.className = "";
    arm();
    try {
      let cursor = "";
      for (;;) {
        const page = await call("GET", `${base}/log?limit=200${cursor ? `&cursor=${cursor}` : ""}`, { token: seat.token });
        if (mine !== reads) return;  // a later read took over
        page.entries.forEach(show);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      logAfterReveal = afterReveal;
    } finally {
      reading--;
      arm();
    }
  };
  // Once, whichever way the page learns it (the session read on opening, after an entry, at the stream's end, or
  // after this seat's own close): stop following, say so, and read the log as the revealed seeds show it.
  const closed = () => {
    if (ended) return Promise.resolve();
    ended = true;
    if (stream) stream.stop();
    status.textContent = "closed";
    status.dataset.state = "closed";
    return loadLog();
  };
  const refresh = async () => {
    const fresh = await call("GET", base, { token: seat.token });
    // Reads can answer out of order: an older state never replaces a newer one.
    if (fresh.version < session.version || (session.closed && !fresh.closed)) return;
    session = fresh;
    data.session = session;
    draw();
    if (session.closed) await closed();
  };

  const live = () => follow(session.id, seat.token, (entry) => { show(entry); refresh().catch(() => {}); }, {
    onState: async (state) => {
      if (ended) return;
      status.textContent = state;
      status.dataset.state = state;
      if (state === "live") await loadLog().catch(() => {});
      if (state === "ended") await refresh().catch(() => {});  // a closed session ends its stream
    },
  });
  if (session.closed) {
    stream = { stop() {}, drop() {} };
    await closed();
  } else stream = live();
  if (!current()) {
    stream.stop();
    return;
  }
  data.stream = stream;

  verifyButton.addEventListener("click", async () => {
    let matched = 0;
    let mismatched = 0;
    let unchecked = 0;
    for (const entry of data.entries()) {
      if (!entry.audit || !entry.audit.draws || !entry.audit.draws.length) { markEntry(logList, entry.seq, null); continue; }
      const seed = (session.seeds.find((s) => s.epoch === entry.audit.epoch) || {}).seed;
      const result = await check(entry.audit, seed);
      if (result.ok === null) unchecked++;
      else if (result.ok) matched++;
      else mismatched++;
      markEntry(logList, entry.seq, result);
    }
    verdict.textContent = `${matched} matched, ${mismatched} mismatched${unchecked ? `, ${unchecked} not yet checkable` : ""} (recomputed here with WebCrypto, not by the server)`;
    verdict.className = mismatched ? "mismatch" : "matched";
  });
  closeButton.addEventListener("click", async () => {
    try {
      await call("POST", `${base}/close`, { token: seat.token });
      await refresh();  // it sees the session closed: the revealed log is read
    } catch (failure) {
      verdict.textContent = failure instanceof ApiError ? failure.message : String(failure);
    }
  });

  act = actPanel(doc, catalog, session, seat, { after: refresh });
  draw();
  root.append(
    el("section", { class: "panel head" }, title, el("p", {}, "log: ", status), el("div", { class: "buttons" }, verifyButton, closeButton, leaveButton), verdict),
    el("div", { class: "columns" }, el("div", { class: "col" }, el("h2", {}, "The table"), stateBox),
      el("div", { class: "col" }, act, el("section", { class: "panel" }, el("h2", {}, "Action log"), logList))),
  );
}
