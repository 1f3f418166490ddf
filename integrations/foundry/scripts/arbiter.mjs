// Pure functions of the Neon Arbiter Foundry module: no Foundry globals, no network.
// `module.mjs` wires them into Foundry; `test/` runs them under Node against recorded answers.

export const MODULE_ID = "neon-arbiter";

/** The service path that fulfils dice: stateless, or in a Neon Arbiter session when one is set. */
export function fulfilPath(sessionId) {
  return sessionId ? `/v1/sessions/${encodeURIComponent(sessionId)}/dice/fulfill` : "/v1/dice/fulfill";
}

// Foundry's coin (`Coin`, results 0 tails / 1 heads) and Fate die (`FateDie`, results -1, 0, +1),
// by the letter Foundry registers them under (`CONFIG.Dice.terms`), and the faces the service answers.
const MAPPED = { c: "dc", f: "df" };
const FACES = { dc: [0, 1], df: [-1, 1] };

/**
 * The service's denomination for a Foundry DiceTerm: `d6` for a six-sided `Die`, `dc` for a `Coin`,
 * `df` for a `FateDie` (whose `faces`, 2 and 3, must not be mistaken for a d2 or a d3); null otherwise.
 */
export function denominationOf(term) {
  const letter = String(term.constructor?.DENOMINATION ?? term.denomination ?? "").replace(/^d(?=[cf]$)/, "");
  if (MAPPED[letter]) return MAPPED[letter];
  return Number.isInteger(term.faces) && term.faces >= 1 ? `d${term.faces}` : null;
}

/** The lowest and highest face the service answers for `denomination`. */
export function faceRange(denomination) {
  return FACES[denomination] ?? [1, Number(denomination.slice(1))];
}

/**
 * The dice of a Foundry roll that this method should fulfil, in Foundry's order.
 * `dice` are Foundry DiceTerms (anything with `faces`, `number`, `denomination`, `results`);
 * `methodFor(denomination)` says which fulfillment method the user configured for it.
 */
export function fulfillableTerms(dice, methodFor) {
  const terms = [];
  for (const die of dice) {
    const denomination = denominationOf(die);
    if (!denomination || !Number.isInteger(die.number)) continue;
    const missing = Math.abs(die.number) - (die.results?.length ?? 0);
    if (missing < 1 || methodFor(denomination) !== MODULE_ID) continue;
    terms.push({ denomination, count: missing });
  }
  return terms;
}

/** The request body for `terms` (see `fulfillableTerms`); `visibility` only matters in a session. */
export function fulfilRequest(terms, { visibility } = {}) {
  const body = { terms: terms.map(({ denomination, count }) => ({ denomination, count })) };
  if (visibility) body.visibility = visibility;
  return body;
}

/**
 * Faces the service drew, handed out die by die as Foundry asks for them (one queue per
 * denomination, so a coin's 0/1 never goes to a d2).
 */
export class FaceQueue {
  constructor(terms, faces) {
    if (terms.length !== faces.length) throw new Error("the answer does not have one list of faces per term");
    this.byDenomination = new Map();
    terms.forEach((term, index) => {
      const [low, high] = faceRange(term.denomination);
      if (faces[index].length !== term.count) throw new Error(`expected ${term.count} faces for ${term.denomination}`);
      if (faces[index].some((face) => !Number.isInteger(face) || face < low || face > high)) {
        throw new Error(`a face is not on a ${term.denomination}`);
      }
      this.byDenomination.set(term.denomination, [...(this.byDenomination.get(term.denomination) ?? []), ...faces[index]]);
    });
  }

  /** The next face for a die of `denomination` (`d6`, `dc`, `df`; a number means `d<number>`), or undefined. */
  take(denomination) {
    const faces = this.byDenomination.get(typeof denomination === "number" ? `d${denomination}` : denomination);
    return faces?.length ? faces.shift() : undefined;
  }

  get remaining() {
    let count = 0;
    for (const faces of this.byDenomination.values()) count += faces.length;
    return count;
  }
}

/**
 * What a chat card needs of one service answer (a fulfil or a roll): small enough to keep in
 * `roll.options`, which Foundry stores with the chat message.
 */
export function auditNote(answer, { serviceUrl, sessionId } = {}) {
  const audit = answer.audit;
  if (!audit) return null;
  const note = {
    scope: audit.scope,
    nonce: audit.nonce,
    seedCommitment: audit.seedCommitment,
    draws: audit.draws.length,
    link: auditLink(serviceUrl, { sessionId: answer.sessionId ?? sessionId, seq: answer.seq }),
  };
  if (answer.seq !== undefined) note.seq = answer.seq;
  if (audit.seed) note.seed = audit.seed;
  return note;
}

/**
 * Where the record can be checked: a session's log entry (readable with a seat token; its seed
 * is revealed when the session closes), or, for a stateless roll whose seed comes with it, the
 * service's docs page at `POST /v1/verify`.
 */
export function auditLink(serviceUrl, { sessionId, seq } = {}) {
  const base = String(serviceUrl ?? "").replace(/\/+$/, "");
  if (sessionId && Number.isInteger(seq)) {
    return `${base}/v1/sessions/${encodeURIComponent(sessionId)}/log?cursor=${seq}&limit=1`;
  }
  return `${base}/docs#/dice/verify`;
}

/** The body of `POST /v1/verify` for an answer's audit record (with the seed once it is known). */
export function verifyRequest(answer, seed) {
  const body = { record: answer.audit };
  if (seed) body.seed = seed;
  return body;
}

/**
 * The data `Roll.fromData` reads, from a `format: foundry` roll answer, with the audit note in
 * the roll's options so it travels with the chat message.
 */
export function toRollData(answer, context = {}) {
  const data = structuredClone(answer.result.foundry);
  if (!data || data.class !== "Roll") throw new Error("ask the service for `format: foundry`");
  const note = auditNote(answer, context);
  data.options = { ...data.options, [MODULE_ID]: note ? [note] : [] };
  return data;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** `link` when it is an http(s) URL; a chat message's data comes from its author, so nothing else is linked. */
export function safeLink(link) {
  return /^https?:\/\//i.test(String(link ?? "")) ? String(link) : "#";
}

/**
 * The chat card footer for a roll's audit notes: who drew the dice, and where to check them.
 * Notes travel in the message's data, which its author controls: every value is escaped.
 */
export function chatAuditHtml(notes) {
  const items = (notes ?? []).filter(Boolean).map((note) => {
    const dice = `${note.draws} ${note.draws === 1 ? "die" : "dice"}`;
    const seed = note.seed ? "seed revealed" : "seed sealed until the session closes";
    return (
      `<li><a href="${escapeHtml(safeLink(note.link))}" target="_blank" rel="noopener">audit</a> ` +
      `${escapeHtml(note.scope)} #${escapeHtml(note.nonce)}: ${escapeHtml(dice)}, ` +
      `commitment <code>${escapeHtml(String(note.seedCommitment).slice(0, 12))}</code>…, ${seed}</li>`
    );
  });
  if (!items.length) return "";
  return `<div class="${MODULE_ID}-audit"><strong>Neon Arbiter</strong><ul>${items.join("")}</ul></div>`;
}
