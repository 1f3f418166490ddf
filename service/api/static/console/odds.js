// The odds chart before acting, where the mechanic declares odds (`GET /v1/mechanics`: `odds`,
// `sessionOdds`): the odds endpoint answers an SVG bar chart for `Accept: image/svg+xml`. The
// chart is shown as an image, so nothing in it runs as part of the page (nor do its styles leak
// into the page); its numbers are also read off the SVG's own bar titles as text, for a reader
// that does not see the image.
import { ApiError, call } from "./api.js";
import { el } from "./dom.js";
import { showProblem } from "./forms.js";

/** Each distribution's name and its bars' titles ("success: 71/120 (59.2%)"), parsed, never run. */
function chartText(svg) {
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
  return [...parsed.querySelectorAll("g.distribution")].map((group) => ({
    name: group.getAttribute("data-name") || "",
    bars: [...group.querySelectorAll("rect.bar > title")].map((title) => title.textContent),
  }));
}

let asked = 0;

/**
 * Ask the odds of `body` and chart them in `slot`. A refusal's messages go next to the fields
 * of `form` they name (as an action's refusal does); what names no field is shown in `slot`.
 */
export async function oddsChart(slot, path, body, token, form) {
  // Answers can come back out of order: only the latest question's answer (or refusal) is shown.
  const ticket = String(++asked);
  slot.dataset.ticket = ticket;
  if (form) showProblem(form, {}, body);
  try {
    const svg = await call("POST", path, { body, token, accept: "image/svg+xml" });
    if (slot.dataset.ticket !== ticket) return;
    const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    const text = el("details", { class: "odds-text" }, el("summary", {}, "the odds as text"),
      chartText(svg).map((d) => el("div", {}, el("h4", {}, d.name), el("ul", {}, d.bars.map((bar) => el("li", {}, bar))))));
    slot.replaceChildren(el("figure", {}, el("img", { src, alt: "odds of each outcome (as text below)", class: "odds-chart" }),
      el("figcaption", {}, "odds before acting"), text));
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    if (slot.dataset.ticket !== ticket) return;
    const rest = form ? showProblem(form, failure.problem, body) : [failure.message];
    const code = failure.problem.code;
    const said = rest.length ? rest.join(": ") : "see the field marked above";
    slot.replaceChildren(el("p", { class: "field-error odds-error", role: "alert" }, `no odds for these inputs${code ? ` (${code})` : ""}: ${said}`));
  }
}
