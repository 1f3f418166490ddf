// One action log entry, die by die; hidden entries say only that something happened.
import { rollView } from "./dice.js";
import { el } from "./dom.js";
import { generic } from "./render.js";

export function logEntry(entry, seatName) {
  const head = el("div", { class: "entry-head" }, el("span", { class: "seq" }, `#${entry.seq}`), ` ${seatName(entry.seat)} · ${entry.action}`,
    entry.visibility && entry.visibility !== "public" ? el("span", { class: "visibility" }, ` (${entry.visibility})`) : null);
  const li = el("li", { class: `entry${entry.hidden ? " hidden-entry" : ""}`, "data-seq": entry.seq, "data-action": entry.action }, head);
  if (entry.hidden) {
    li.append(el("p", { class: "hidden-note" }, "hidden from your seat"));
    return li;
  }
  li.append(rollView(entry.result, entry.audit));
  if (entry.result && !(entry.result.dice && entry.result.text)) {
    li.append(el("details", {}, el("summary", {}, "result"), generic(entry.result)));
  }
  li.append(el("p", { class: "verdict", hidden: true }));
  return li;
}

/** Mark an entry after the in-page check: matched, a mismatch with its reason, or no dice. */
export function markEntry(list, seq, result) {
  const li = list.querySelector(`[data-seq="${seq}"]`);
  const slot = li && li.querySelector(".verdict");
  if (!slot) return;
  slot.hidden = false;
  if (result === null) { slot.textContent = "no dice"; slot.className = "verdict none"; li.dataset.verified = "none"; return; }
  const word = result.ok === null ? "unchecked" : result.ok ? "matched" : "mismatch";
  slot.textContent = `${word}: ${result.reason}`;
  slot.className = `verdict ${word}`;
  li.dataset.verified = word;
}
