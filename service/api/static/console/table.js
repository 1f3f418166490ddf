// One table as one seat sees it: the state, the forms to act, the live log, and the verifier.
import { ApiError, call } from "./api.js";
import { el } from "./dom.js";
import { follow } from "./live.js";
import { logEntry, markEntry } from "./log.js";
import { actPanel } from "./act.js";
import { stateView } from "./render.js";
import { check } from "./verify.js";

export async function openTable(root, doc, catalog, seat, { leave }) {
  const base = `/v1/sessions/${encodeURIComponent(seat.session)}`;
  let session;
  try {
    session = await call("GET", base, { token: seat.token });
  } catch (failure) {
    const back = el("button", { type: "button" }, "back");
    back.addEventListener("click", leave);
    root.append(el("p", { class: "field-error", role: "alert" }, `Cannot open the table: ${failure.message}`), back);
    return;
  }
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
  // The verifier waits for the seeds and for a log read after they were out: the log read before the close holds the
  // entries as they were hidden then, and checking those would pass over their dice.
  let logAfterReveal = false;
  const revealed = () => session.seeds.some((s) => s.seed);
  const arm = () => {
    const ready = revealed() && logAfterReveal;
    verifyButton.disabled = !ready;
    verifyButton.title = ready ? "" : revealed() ? "reading the revealed log" : "the seeds are revealed when the session closes";
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
  const refresh = async () => {
    session = await call("GET", base, { token: seat.token });
    data.session = session;
    if (session.closed && stream) stream.stop();  // a closed session has nothing more to say
    draw();
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
    const afterReveal = revealed();
    let cursor = "";
    for (;;) {
      const page = await call("GET", `${base}/log?limit=200${cursor ? `&cursor=${cursor}` : ""}`, { token: seat.token });
      page.entries.forEach(show);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    if (afterReveal) {
      logAfterReveal = true;
      arm();
    }
  };

  let stream = null;
  const live = () => follow(session.id, seat.token, (entry) => { show(entry); refresh().catch(() => {}); }, {
    onState: async (state) => {
      status.textContent = state;
      status.dataset.state = state;
      if (state === "live") await loadLog().catch(() => {});
      if (state === "ended") {
        await refresh().catch(() => {});
        if (session.closed) { stream.stop(); status.textContent = "closed"; await loadLog().catch(() => {}); }
      }
    },
  });
  if (session.closed) {
    stream = { stop() {}, drop() {} };
    status.textContent = "closed";
    await loadLog();
  } else stream = live();
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
      await refresh();
      await loadLog();
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
