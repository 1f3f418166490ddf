// Act at the table: one form per mechanic of the system, generated from its JSON Schema in the
// OpenAPI document; a refusal's messages land next to the fields they name.
import { ApiError, call } from "./api.js";
import { rollView } from "./dice.js";
import { el, holdingSubmit } from "./dom.js";
import { bodyEditor, showProblem } from "./forms.js";
import { oddsChart } from "./odds.js";
import { generic } from "./render.js";

/** The session mechanics of `system` (and the dice every session takes), from the OpenAPI paths. */
export function sessionMechanics(doc, system) {
  const prefix = "/v1/sessions/{sessionId}/";
  const out = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix) || path.endsWith("/odds")) continue;
    const key = path.slice(prefix.length);
    const [owner, name] = key.split("/");
    if (!name || (owner !== system && owner !== "dice")) continue;
    const method = item.post ? "post" : item.get ? "get" : null;
    if (method) out.push({ key, path, method, op: item[method] });
  }
  // The game's own mechanics first; of the dice every session takes, the plain roll first.
  const rank = (m) => (m.key === "dice/roll" ? 1 : m.key.startsWith("dice/") ? 2 : 0);
  return out.sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
}

function bodySchema(mechanic) {
  if (mechanic.method === "post") {
    const content = mechanic.op.requestBody.content["application/json"];
    const example = Object.values(content.examples || {})[0];
    return { schema: content.schema, example: example ? example.value : undefined };
  }
  const query = (mechanic.op.parameters || []).filter((p) => p.in === "query");
  const schema = { type: "object", properties: Object.fromEntries(query.map((p) => [p.name, p.schema])), required: query.filter((p) => p.required).map((p) => p.name) };
  return { schema, example: undefined };
}

export function actPanel(doc, catalog, session, seat, { after }) {
  const list = sessionMechanics(doc, session.system);
  const picker = el("select", { id: "mechanic" }, list.map((m) => el("option", { value: m.key }, `${m.key} — ${m.op.summary || ""}`)));
  const slot = el("div", { id: "mechanic-form" });
  const panel = el("section", { class: "panel act" }, el("h2", {}, "Act"), el("label", { for: "mechanic" }, "mechanic"), picker, slot);
  const show = (body) => slot.replaceChildren(mechanicForm(doc, catalog, session, seat, list.find((m) => m.key === picker.value), after, body));
  picker.addEventListener("change", () => show());
  // A legal action chosen in the state view opens its form, filled in.
  const prefill = (event) => {
    if (!panel.isConnected) { document.removeEventListener("arbiter:prefill", prefill); return; }
    if (!list.some((m) => m.key === event.detail.mechanic)) return;
    picker.value = event.detail.mechanic;
    show(event.detail.body);
    picker.focus();
  };
  document.addEventListener("arbiter:prefill", prefill);
  if (list.length) show();
  return panel;
}

function mechanicForm(doc, catalog, session, seat, mechanic, after, given) {
  const { schema, example } = bodySchema(mechanic);
  const editor = bodyEditor(doc, schema, given || example, mechanic.key);
  const formError = el("p", { class: "field-error form-error", role: "alert", hidden: true });
  const answer = el("div", { class: "answer", id: "answer", "aria-live": "polite" });
  const chart = el("div", { class: "odds", id: "odds" });
  const form = el("form", { class: "mechanic", "data-mechanic": mechanic.key },
    editor.node, formError, el("button", { type: "submit" }, mechanic.method === "get" ? "read" : "act"), chart, answer);
  const body = editor.read;
  const base = `/v1/sessions/${encodeURIComponent(session.id)}`;

  const listed = catalog.mechanics.find((m) => m.key === mechanic.key);
  if (listed && listed.sessionOdds) {
    const odds = el("button", { type: "button", class: "small", id: "show-odds" }, "show the odds");
    // Asked for, not fetched as the form opens: a half-filled form's odds would only be refused.
    odds.addEventListener("click", () => {
      formError.hidden = true;
      let asked;
      try {
        asked = body();
      } catch (failure) {
        chart.replaceChildren(el("p", { class: "field-error odds-error", role: "alert" }, `the body is not JSON: ${failure.message}`));
        return;
      }
      oddsChart(chart, `${base}/${mechanic.key}/odds`, asked, seat.token, form);
    });
    form.insertBefore(odds, chart);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError.hidden = true;
    let sent;
    try {
      sent = body();
    } catch (failure) {
      formError.textContent = `the body is not JSON: ${failure.message}`;
      formError.hidden = false;
      return;
    }
    await holdingSubmit(form, async () => {  // a second press while this one is under way is not a second action
      try {
        let done;
        if (mechanic.method === "post") done = await call("POST", `${base}/${mechanic.key}`, { body: sent, token: seat.token });
        else {
          const query = new URLSearchParams(Object.entries(sent).map(([k, v]) => [k, String(v)])).toString();
          done = await call("GET", `${base}/${mechanic.key}${query ? `?${query}` : ""}`, { token: seat.token });
        }
        showProblem(form, {}, sent);
        answer.replaceChildren(el("h3", {}, "answer"), rollView(done.result, done.audit), el("details", {}, el("summary", {}, "result"), generic(done.result)));
        await after();
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        const rest = showProblem(form, failure.problem, sent);
        formError.textContent = [failure.problem.code, ...rest].filter(Boolean).join(": ");
        formError.hidden = false;
        answer.replaceChildren();
      }
    });
  });
  return form;
}
