// A roll shown die by die: each die's face and what happened to it (kept, dropped, rerolled, exploded).
import { el } from "./dom.js";

function dieChip(result, faces) {
  // A die rolled again is out of the total as a dropped one is, but for another reason: say which.
  const marks = [result.rerolled ? "rerolled" : result.discarded || result.active === false ? "dropped" : "kept"];
  if (result.exploded) marks.push("exploded");
  if (result.success) marks.push("success");
  if (result.failure) marks.push("failure");
  const label = `d${faces}: ${result.result} (${marks.join(", ")})`;
  return el("span", { class: `die ${marks.join(" ")}`, title: label, "aria-label": label, "data-face": result.result }, String(result.result));
}

/** The dice terms of a notation roll (`result.dice`), each a row of chips. */
function notationTerms(result) {
  return (result.dice || []).filter((term) => Array.isArray(term.results)).map((term) =>
    el("div", { class: "term" }, el("span", { class: "term-name" }, term.expression || `${term.number}d${term.faces}`),
      term.results.map((r) => dieChip(r, term.faces)), el("span", { class: "term-total" }, `= ${term.total}`)));
}

/** Any other mechanic's dice: the audit record's draws in order (sides and face). */
function draws(audit) {
  return el("div", { class: "term draws" }, el("span", { class: "term-name" }, "draws"),
    audit.draws.map((d) => el("span", { class: "die kept", title: `d${d.sides}: ${d.face}`, "aria-label": `d${d.sides}: ${d.face}`, "data-face": d.face }, `d${d.sides}:${d.face}`)));
}

export function rollView(result, audit) {
  const box = el("div", { class: "roll" });
  if (result && typeof result === "object" && Array.isArray(result.dice) && result.dice.some((t) => Array.isArray(t.results))) {
    box.append(...notationTerms(result));
    if (result.text) box.append(el("div", { class: "roll-text" }, result.text));
  } else if (audit && audit.draws && audit.draws.length) {
    box.append(draws(audit));
  }
  if (result && typeof result === "object" && result.total !== undefined) box.append(el("div", { class: "roll-total" }, `total ${result.total}`));
  return box;
}
