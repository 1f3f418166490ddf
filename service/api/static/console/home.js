// Start a table (a session with seats, its tokens shown once) or join one with a seat token;
// and a stateless roll, verified in the page.
import { ApiError, call } from "./api.js";
import { rollView } from "./dice.js";
import { el, holdingSubmit } from "./dom.js";
import { bodyEditor, showProblem } from "./forms.js";
import { oddsChart } from "./odds.js";
import { check } from "./verify.js";

function examples(doc) {
  const body = doc.paths["/v1/sessions"].post.requestBody.content["application/json"];
  return Object.fromEntries(Object.values(body.examples || {}).map((e) => [e.value.system, e.value]));
}

function copyButton(input, label) {
  const button = el("button", { type: "button", class: "small", "aria-label": label }, "copy");
  button.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(input.value); button.textContent = "copied"; } catch { button.textContent = "selected: press Ctrl+C"; }
  });
  return button;
}

function tokensView(created, { sit }) {
  const id = created.session.id;
  const box = el("section", { class: "panel tokens", "aria-labelledby": "tokens-title" },
    el("h2", { id: "tokens-title" }, `Table ${id} (${created.session.system})`),
    el("p", { class: "warning" }, "Each seat's token is shown only now: hand each player the join link of their seat. The token sits in the link's fragment (after #), which browsers never send to a server."));
  for (const seat of created.seats) {
    const link = `${location.origin}/console#session=${encodeURIComponent(id)}&token=${encodeURIComponent(seat.token)}`;
    const input = el("input", { type: "text", readonly: true, value: link, id: `join-${seat.id}`, class: "join-link", "data-seat": seat.name });
    const here = el("button", { type: "button", "data-sit": seat.name }, `sit here as ${seat.name}`);
    here.addEventListener("click", () => sit({ session: id, token: seat.token }));
    box.append(el("div", { class: "seat-token" }, el("label", { for: input.id }, `${seat.name} (${seat.role}) join link`), input, copyButton(input, `copy ${seat.name}'s join link`), here));
  }
  return box;
}

export function home(doc, catalog, { sit }) {
  const known = examples(doc);
  const mapping = doc.components.schemas.CreateSession.discriminator.mapping;
  const system = el("select", { id: "new-system" }, catalog.systems.map((s) => el("option", { value: s }, s)));
  const slot = el("div", { id: "new-body" });
  let editor = null;
  const fill = () => {
    const example = known[system.value] || { system: system.value, seats: [{ name: "GM", role: "gm" }, { name: "Player" }] };
    editor = bodyEditor(doc, { $ref: mapping[system.value] }, example, "table");
    slot.replaceChildren(editor.node);
  };
  system.value = "neurosystem";
  system.addEventListener("change", fill);
  fill();
  const error = el("p", { class: "field-error form-error", role: "alert", hidden: true, id: "new-error" });
  const form = el("form", { id: "new-table", class: "panel" }, el("h2", {}, "Start a table"),
    el("label", { for: "new-system" }, "game system"), system, slot, error,
    el("button", { type: "submit" }, "create the table"));
  const out = el("div", { id: "new-tokens" });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    let body;
    try {
      body = { ...editor.read(), system: system.value };
      const created = await call("POST", "/v1/sessions", { body });
      form.hidden = true;
      out.replaceChildren(tokensView(created, { sit }));
    } catch (failure) {
      const rest = failure instanceof ApiError ? showProblem(form, failure.problem, body) : [failure.message];
      error.textContent = [failure.problem && failure.problem.code, ...rest].filter(Boolean).join(": ");
      error.hidden = false;
    }
  });

  const joinId = el("input", { type: "text", id: "join-session", required: true, autocomplete: "off" });
  const joinToken = el("input", { type: "password", id: "join-token", required: true, autocomplete: "off" });
  const join = el("form", { id: "join-table", class: "panel" }, el("h2", {}, "Join a table"),
    el("label", { for: "join-session" }, "session id"), joinId, el("label", { for: "join-token" }, "seat token"), joinToken,
    el("button", { type: "submit" }, "join"));
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    sit({ session: joinId.value.trim(), token: joinToken.value.trim() });
  });
  return el("div", { class: "home" }, form, out, join);
}

/** A stateless dice roll, its dice shown one by one, checked in the page against its own seed. */
export function rollPanel(doc, catalog) {
  const expression = el("input", { type: "text", id: "roll-expression", value: "4d6kh3 + 2", required: true });
  const seed = el("input", { type: "text", id: "roll-seed", autocomplete: "off" });
  const out = el("div", { id: "roll-answer", "aria-live": "polite" });
  const chart = el("div", { class: "odds", id: "roll-odds" });
  // Shaped as a generated field is (`data-path`, its own error slot), so a refusal finds it.
  const expressionField = el("div", { class: "field", "data-path": "expression" },
    el("label", { for: "roll-expression" }, "dice expression"), expression, el("p", { class: "field-error", role: "alert", hidden: true }));
  const form = el("form", { id: "stateless-roll", class: "panel" }, el("h2", {}, "A roll anyone can check"),
    expressionField, el("label", { for: "roll-seed" }, "seed (optional)"), seed,
    el("button", { type: "submit" }, "roll"), chart, out);
  const entry = catalog.mechanics.find((m) => m.key === "dice/roll");
  const showOdds = () => entry && entry.odds && oddsChart(chart, "/v1/dice/roll/odds", { expression: expression.value }, undefined, form);
  expression.addEventListener("change", showOdds);
  showOdds();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { expression: expression.value };
    if (seed.value) body.seed = seed.value;
    await holdingSubmit(form, async () => {  // one roll per press, its answer shown before the next
      try {
        const answer = await call("POST", "/v1/dice/roll", { body });
        window.arbiter.lastRoll = answer;
        const mark = el("p", { class: "verdict" }, "checking…");
        out.replaceChildren(rollView(answer.result, answer.audit), mark);
        const verdict = await check(answer.audit, answer.audit.seed);
        mark.className = `verdict ${verdict.ok ? "matched" : "mismatch"}`;
        mark.textContent = `${verdict.ok ? "matched" : "mismatch"} — recomputed in this page: ${verdict.reason}`;
      } catch (failure) {
        out.replaceChildren(el("p", { class: "field-error", role: "alert" }, failure.message));
      }
    });
  });
  return form;
}
