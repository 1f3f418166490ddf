// The odds chart before acting, where the mechanic declares odds (`GET /v1/mechanics`: `odds`,
// `sessionOdds`): the odds endpoint answers an SVG bar chart for `Accept: image/svg+xml`. The
// chart is shown as an image, so nothing in it runs as part of the page.
import { call } from "./api.js";
import { el } from "./dom.js";

export async function oddsChart(slot, path, body, token) {
  try {
    const svg = await call("POST", path, { body, token, accept: "image/svg+xml" });
    const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    slot.replaceChildren(el("figure", {}, el("img", { src, alt: "odds of each outcome", class: "odds-chart" }), el("figcaption", {}, "odds before acting")));
  } catch (failure) {
    slot.replaceChildren(el("p", { class: "help" }, `no odds for these inputs: ${failure.message}`));
  }
}
