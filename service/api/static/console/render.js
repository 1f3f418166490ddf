// The table as the seat sees it, in each game's own words; anything else in a readable generic view.
import { el, table } from "./dom.js";

const section = (title, ...body) => el("section", { class: "panel" }, el("h3", {}, title), ...body);
const pairs = (object) => el("dl", { class: "pairs" }, Object.entries(object).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, generic(v))]));

/** Any JSON value as nested lists and tables a person can read. */
export function generic(value) {
  if (value === null || value === undefined) return el("span", { class: "none" }, "—");
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "none" }, "none");
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))].slice(0, 8);
      if (value.every((v) => Object.values(v).every((x) => x === null || typeof x !== "object"))) {
        return table(keys, value.map((v) => keys.map((k) => (v[k] === undefined || v[k] === null ? "—" : String(v[k])))));
      }
      return el("ol", { class: "list" }, value.map((v) => el("li", {}, generic(v))));
    }
    return el("span", {}, value.map(String).join(", "));
  }
  if (typeof value === "object") return pairs(value);
  return el("span", {}, String(value));
}

function neurosystem(state) {
  const characters = (state.characters || []).map((c) => el("article", { class: "card", "data-character": c.id },
    el("h4", {}, `${c.name} `, el("small", {}, `(${c.controller || "GM"})`)),
    table(["category", "stat", "rating"], (c.stats || []).map((s) => [s.category, s.name, s.rating]), "dice ratings"),
    el("p", {}, `Resolve ${c.resolve} / ${c.resolveMax}`, c.cyberspace ? " · in cyberspace" : "", ` · apathy ${c.apathy} · dissonance ${c.dissonance}`),
    el("p", {}, "Negative states: ", (c.negativeStates || []).length ? generic(c.negativeStates) : "none")));
  return [
    section("Table", el("p", { class: "luck" }, `Luck pool ${state.luck}`, ` · scene ${state.scene}`)),
    section("Characters", ...(characters.length ? characters : [el("p", {}, "none")])),
    section("Non-player characters", generic(state.ncs)),
    section("Open checks", generic(state.openChecks)),
  ];
}

function ncb(state) {
  const combatants = Object.values(state.combatants || {});
  const combat = state.combat;
  const rows = combatants.map((c) => [c.name, c.kind, `${c.hp} / ${c.maxHp}`, String(c.armorClass), c.condition,
    `${c.deathSaves ? c.deathSaves.successes : 0} ✓ ${c.deathSaves ? c.deathSaves.failures : 0} ✗`]);
  const name = (id) => ((state.combatants || {})[id] || { name: id }).name;
  const order = combat && el("div", { class: "combat" },
    el("p", {}, `round ${combat.round} · turn of ${name(combat.current)}`),
    table(["", "combatant", "initiative"], (combat.order || []).map((o) => [o.id === combat.current ? "▶" : "", name(o.id), String(o.initiative)]), "combat order"),
    el("p", {}, "this turn: ", generic(combat.economy)));
  return [
    section("Combat order", combat ? order : el("p", {}, "no combat running")),
    section("Combatants", table(["name", "kind", "HP", "AC", "condition", "death saves"], rows)),
  ];
}

function eclipse(state) {
  const characters = Object.values(state.characters || {}).map((c) => el("article", { class: "card", "data-character": c.id },
    el("h4", {}, `${c.name} `, el("small", {}, `(${c.player || "GM"})`)),
    table(["pool", "current", "max"], Object.entries(c.pools || {}).map(([k, p]) => [k, String(p.current), String(p.max)]), "pools"),
    el("p", {}, `damage ${c.damage} / ${c.durability} · wounds ${c.wounds} (threshold ${c.woundThreshold}) · traumas ${c.traumas} · ${c.condition}`)));
  const combat = state.combat;
  const name = (id) => ((state.characters || {})[id] || { name: id }).name;
  const turn = combat && el("div", { class: "combat" },
    el("p", {}, `action turn ${combat.turn}`),
    table(["#", "character", "initiative", "actions taken", "finished"], (combat.order || []).map((o) => [String(o.position), name(o.name),
      String(o.count), combat.actions && combat.actions[o.name] ? JSON.stringify(combat.actions[o.name]) : "none",
      (combat.finished || []).includes(o.name) ? "yes" : "no"]), "initiative order"));
  return [
    section("Action turn", combat ? turn : el("p", {}, "no initiative order running"), el("p", {}, `clock: day ${state.clock.day}, minute ${state.clock.minute}`)),
    section("Characters", ...(characters.length ? characters : [el("p", {}, "none")])),
  ];
}

function desert(state) {
  return [
    section("Time", el("p", {}, `day ${state.day}, ${state.timeOfDay}`)),
    section("Control (who holds what)", generic(state.held)),
    section("Player screen: districts and buildings", generic(state.districts), generic(state.buildings)),
    section("Reactions (the bag)", generic(state.reactions)),
    section("Characters", generic(state.characters)),
    section("Consequences", generic(state.consequences)),
  ];
}

function cardName(state, id) {
  const card = state.cards && state.cards[id];
  return card ? card.name : id;
}

function neuroscape(state, session) {
  const you = state.you || {};
  const seatName = (id) => (session.seats.find((s) => s.id === id) || { name: id }).name;
  const hand = (you.hand || []).map((id) => el("li", { class: "hand-card", "data-card": id }, cardName(state, id)));
  const boards = (state.players || []).map((p) => el("article", { class: "card board", "data-seat": p.seat },
    el("h4", {}, seatName(p.seat), p.seat === you.seat ? " (you)" : ""),
    el("p", {}, `bioframe ${p.bioframe} · mainframe ${p.mainframe} (${p.mainframeHealth}) · hand ${p.handSize} · deck ${p.deckSize}`),
    el("p", {}, "RAM: ", generic(p.ram)),
    el("p", {}, "characters: ", generic(p.characters)),
    el("p", {}, "slots: ", generic(p.slots))));
  const flow = state.flow || {};
  return [
    section("Flow", el("p", {}, `${flow.stage} · ${flow.substage || ""} · turn ${flow.turn}` + (flow.active ? ` · active ${seatName(flow.active)}` : "")),
      flow.awaiting && flow.awaiting.length ? el("p", {}, `waiting for ${flow.awaiting.map(seatName).join(", ")}`) : null),
    section("Your hand", you.seat ? el("ul", { class: "hand" }, hand.length ? hand : [el("li", {}, "empty")]) : el("p", {}, "you hold no hand (watching)")),
    section("Boards", ...boards),
    section("Order of operations", state.order ? generic(state.order) : el("p", {}, "empty")),
    section("Your legal actions", legalActions(you.legalActions || [])),
    state.revealed ? section("Revealed at the close", generic(state.revealed)) : null,
  ].filter(Boolean);
}

/** Each legal action as a button that opens its mechanic's form, filled with what the action says. */
function legalActions(actions) {
  if (!actions.length) return el("p", {}, "none now");
  return el("ul", { class: "legal" }, actions.map(({ action, ...body }) => {
    const button = el("button", { type: "button", class: "small", "data-legal": action }, [action, ...Object.entries(body).map(([k, v]) => `${k} ${JSON.stringify(v)}`)].join(" · "));
    button.addEventListener("click", () => document.dispatchEvent(new CustomEvent("arbiter:prefill", { detail: { mechanic: `neuroscape/${action}`, body } })));
    return el("li", {}, button);
  }));
}

const RENDERERS = { neurosystem, ncb, eclipse, desert, neuroscape };

export function stateView(session) {
  const render = RENDERERS[session.system];
  const box = el("div", { class: "state", "data-system": session.system });
  box.append(...(render ? render(session.state, session) : [section("State", generic(session.state))]));
  const raw = el("details", {}, el("summary", {}, "state as JSON"), el("pre", {}, JSON.stringify(session.state, null, 1)));
  box.append(raw);
  return box;
}
