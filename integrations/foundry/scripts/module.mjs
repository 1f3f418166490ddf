// Neon Arbiter for Foundry VTT (v12, v13): registers a dice fulfillment method whose faces come
// from the service's auditable stream, and shows each roll's audit link in chat.
//
// Setup: enable the module, set the service URL (and, to keep the table's dice in a Neon Arbiter
// session, its id and this player's seat token) in the module settings, then pick
// "Neon Arbiter (audited)" for the dice in Foundry's dice configuration.
//
// Before Foundry rolls, the whole roll's dice are fetched in one request (one audit record);
// a die Foundry adds while rolling (an explosion, a reroll) is fetched on its own.

import {
  FaceQueue,
  MODULE_ID,
  auditNote,
  chatAuditHtml,
  denominationOf,
  fulfilPath,
  fulfilRequest,
  fulfillableTerms,
  toRollData,
} from "./arbiter.mjs";

const setting = (key) => game.settings.get(MODULE_ID, key);
const context = () => ({ serviceUrl: setting("serviceUrl"), sessionId: setting("sessionId") });
const evaluating = []; // [{roll, queue}] for the rolls being evaluated, innermost last

async function post(path, body) {
  const headers = { "Content-Type": "application/json" };
  const token = setting("seatToken");
  if (token && setting("sessionId")) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${setting("serviceUrl").replace(/\/+$/, "")}${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`Neon Arbiter: ${answer.title ?? response.status}: ${answer.detail ?? ""}`);
  return answer;
}

function methodFor(denomination) {
  const configured = game.settings.get("core", "diceConfiguration") ?? {};
  return configured[denomination] || CONFIG.Dice.fulfillment.defaultMethod;
}

function remember(roll, answer) {
  const notes = roll.options[MODULE_ID] ?? [];
  roll.options[MODULE_ID] = [...notes, auditNote(answer, context())];
}

async function fetchFaces(roll, terms) {
  const answer = await post(fulfilPath(setting("sessionId")), fulfilRequest(terms));
  remember(roll, answer);
  return new FaceQueue(terms, answer.result.faces);
}

// Foundry asks for one die at a time; the faces were fetched for the whole roll beforehand.
// A coin gets 0 or 1 and a Fate die -1, 0 or +1: the results Foundry's Coin and FateDie keep.
async function fulfilDie(term) {
  const current = evaluating.at(-1);
  const denomination = denominationOf(term);
  if (!current || !denomination) return undefined; // not a roll we prepared: Foundry rolls it itself
  const face = current.queue?.take(denomination);
  if (face !== undefined) return face;
  const extra = await fetchFaces(current.roll, [{ denomination, count: 1 }]);
  return extra.take(denomination);
}

function wrapEvaluate() {
  const evaluate = Roll.prototype.evaluate;
  Roll.prototype.evaluate = async function (options = {}) {
    if (this._evaluated) return evaluate.call(this, options);
    const root = evaluating.at(-1)?.roll ?? this; // a parenthetical's inner roll reports to its root
    const terms = fulfillableTerms(this.dice, methodFor);
    const queue = terms.length ? await fetchFaces(root, terms) : null;
    evaluating.push({ roll: root, queue });
    try {
      return await evaluate.call(this, options);
    } finally {
      evaluating.pop();
    }
  };
}

function addAuditToChat(message, element) {
  if (!element || element.querySelector(`.${MODULE_ID}-audit`)) return;
  const html = (message.rolls ?? []).map((roll) => chatAuditHtml(roll.options?.[MODULE_ID])).join("");
  if (!html) return;
  const target = element.querySelector(".message-content") ?? element;
  target.insertAdjacentHTML("beforeend", html);
}

Hooks.once("init", () => {
  const world = { scope: "world", config: true, type: String };
  game.settings.register(MODULE_ID, "serviceUrl", { ...world, name: "Service URL", default: "http://localhost:8000" });
  game.settings.register(MODULE_ID, "sessionId", { ...world, name: "Session id (empty: stateless)", default: "" });
  game.settings.register(MODULE_ID, "seatToken", { scope: "client", config: true, type: String, name: "Seat token", default: "" });
  CONFIG.Dice.fulfillment.methods[MODULE_ID] = {
    label: "Neon Arbiter (audited)",
    icon: '<i class="fa-solid fa-shield-halved"></i>',
    interactive: false,
    handler: fulfilDie,
  };
  wrapEvaluate();
  game.modules.get(MODULE_ID).api = {
    // Roll a formula on the service itself (Foundry's notation) and post it to chat.
    async roll(formula, messageData = {}) {
      const sessionId = setting("sessionId");
      const path = sessionId ? `/v1/sessions/${encodeURIComponent(sessionId)}/dice/roll` : "/v1/dice/roll";
      const answer = await post(path, { expression: formula, dialect: "foundry", format: "foundry" });
      return Roll.fromData(toRollData(answer, context())).toMessage(messageData);
    },
  };
});

Hooks.on("renderChatMessageHTML", (message, element) => addAuditToChat(message, element)); // v13
Hooks.on("renderChatMessage", (message, html) => addAuditToChat(message, html?.[0] ?? html)); // v12
