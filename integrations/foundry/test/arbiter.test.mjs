// The module's pure functions against answers our service recorded
// (tests/integrations/foundry/fixtures, checked by tests/integrations/foundry/test_foundry_fixtures.py).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import {
  FaceQueue,
  MODULE_ID,
  auditLink,
  auditNote,
  chatAuditHtml,
  denominationOf,
  escapeHtml,
  faceRange,
  fulfilPath,
  fulfilRequest,
  fulfillableTerms,
  toRollData,
  verifyRequest,
} from "../scripts/arbiter.mjs";

const FIXTURES = new URL("../../../tests/integrations/foundry/fixtures/", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8"));
const SERVICE = "https://arbiter.example/";

// Foundry DiceTerms as `roll.dice` lists them before evaluation (only the fields the module reads).
const die = (number, faces, results = []) => ({ number, faces, denomination: `d${faces}`, results });
const ours = () => MODULE_ID;

test("the request asks for each term Foundry will roll, in order", () => {
  const recorded = fixture("fulfill-stateless").request.body;
  const terms = fulfillableTerms([die(2, 20), die(3, 6), die(1, 20)], ours);
  assert.deepEqual({ ...fulfilRequest(terms), seed: recorded.seed }, recorded);
});

test("only dice configured for this method, and only the faces still missing, are asked for", () => {
  const methodFor = (denomination) => (denomination === "d6" ? MODULE_ID : "");
  const terms = fulfillableTerms([die(2, 20), die(3, 6, [{ result: 4, active: true }]), { number: 1, faces: undefined }], methodFor);
  assert.deepEqual(terms, [{ denomination: "d6", count: 2 }]);
  assert.deepEqual(fulfillableTerms([die(2, 6, [{}, {}])], ours), []);
});

test("the path is stateless, or the session's", () => {
  assert.equal(fulfilPath(""), "/v1/dice/fulfill");
  const { path } = fixture("fulfill-session").request;
  const sessionId = path.split("/")[3];
  assert.equal(fulfilPath(sessionId), path);
});

test("faces come out die by die, per size, in the order the service drew them", () => {
  const { request, answer } = fixture("fulfill-stateless");
  const queue = new FaceQueue(request.body.terms, answer.result.faces);
  const drawn = answer.audit.draws;
  const d20s = drawn.filter((d) => d.sides === 20).map((d) => d.face);
  const d6s = drawn.filter((d) => d.sides === 6).map((d) => d.face);
  assert.equal(queue.remaining, drawn.length);
  assert.deepEqual([queue.take(20), queue.take(20), queue.take(20)], d20s);
  assert.deepEqual([queue.take(6), queue.take(6), queue.take(6)], d6s);
  assert.equal(queue.take(6), undefined); // spent: the module fetches an extra die on its own
  assert.equal(queue.take(8), undefined);
  assert.equal(queue.remaining, 0);
});

test("an answer that does not fit the request is refused", () => {
  const { request, answer } = fixture("fulfill-stateless");
  assert.throws(() => new FaceQueue(request.body.terms.slice(1), answer.result.faces));
  assert.throws(() => new FaceQueue([{ denomination: "d4", count: 2 }], [[3, 9]]), /not on a d4/);
});

test("a stateless audit note carries its revealed seed and links to verify", () => {
  const { answer } = fixture("fulfill-stateless");
  const note = auditNote(answer, { serviceUrl: SERVICE });
  assert.deepEqual(note, {
    scope: "stateless",
    nonce: 0,
    seedCommitment: answer.audit.seedCommitment,
    draws: 6,
    link: "https://arbiter.example/docs#/dice/verify",
    seed: "fixture-fulfill",
  });
  assert.deepEqual(verifyRequest(answer), { record: answer.audit });
});

test("a session audit note links to the log entry and keeps the seed sealed", () => {
  const { answer } = fixture("fulfill-session");
  const note = auditNote(answer, { serviceUrl: SERVICE });
  assert.equal(answer.audit.seed, null);
  assert.equal(note.seed, undefined);
  assert.equal(note.seq, answer.seq);
  assert.equal(note.link, `https://arbiter.example/v1/sessions/${answer.sessionId}/log?cursor=${answer.seq}&limit=1`);
  assert.equal(auditLink(SERVICE, { sessionId: answer.sessionId }), "https://arbiter.example/docs#/dice/verify");
});

// What Foundry's `DiceTerm#total` and `Roll` arithmetic make of the serialized terms.
function termValue(term) {
  if (term.class === "NumericTerm") return term.number;
  if (term.class === "ParentheticalTerm") return foundryTotal(term.roll);
  const total = term.results.filter((r) => r.active).reduce((sum, r) => sum + (r.count ?? r.result), 0);
  // Die#total: a margin of success (`ms`) is kept in the term's options.
  if (term.options.marginSuccess !== undefined) return total - term.options.marginSuccess;
  if (term.options.marginFailure !== undefined) return term.options.marginFailure - total;
  return total;
}

function foundryTotal(roll) {
  const tokens = roll.terms.map((t) => (t.class === "OperatorTerm" ? t.operator : termValue(t)));
  const values = [];
  const ops = [];
  for (let i = 0; i < tokens.length; i++) {
    let sign = 1;
    while (tokens[i] === "-" && (i === 0 || typeof tokens[i - 1] === "string")) {
      sign = -sign;
      i++;
    }
    let value = sign * tokens[i];
    if (ops.at(-1) === "*") {
      ops.pop();
      value *= values.pop();
    }
    values.push(value);
    if (i + 1 < tokens.length) ops.push(tokens[++i]);
  }
  return values.slice(1).reduce((total, value, k) => (ops[k] === "+" ? total + value : total - value), values[0]);
}

const ROLLS = readdirSync(FIXTURES).filter((f) => f.startsWith("roll-")).map((f) => f.replace(/\.json$/, ""));

for (const name of ROLLS) {
  test(`${name}: Foundry totals the recorded roll data as the service did`, () => {
    const { answer } = fixture(name);
    const data = toRollData(answer, { serviceUrl: SERVICE });
    assert.equal(data.class, "Roll");
    assert.equal(foundryTotal(data), answer.result.total);
    assert.equal(data.total, answer.result.total);
    assert.deepEqual(data.options[MODULE_ID], [auditNote(answer, { serviceUrl: SERVICE })]);
    assert.equal(answer.result.foundry.options[MODULE_ID], undefined, "the recorded answer is left as it was");
    const json = JSON.stringify(data);
    assert.ok(!json.includes("null"), "no null keys: Foundry leaves them out");
  });
}

test("success-counting dice count their successes, not their faces", () => {
  const data = toRollData(fixture("roll-successes").answer);
  const results = data.terms[0].results;
  assert.equal(foundryTotal(data), results.filter((r) => r.result >= 8).length);
  assert.notEqual(foundryTotal(data), results.reduce((s, r) => s + r.result, 0));
});

test("a roll asked for in the default format is refused", () => {
  const { answer } = fixture("roll-successes");
  assert.throws(() => toRollData({ ...answer, result: { ...answer.result, foundry: undefined } }), /format: foundry/);
});

test("the chat footer shows the audit link and escapes what it shows", () => {
  const note = auditNote(fixture("roll-session").answer, { serviceUrl: SERVICE });
  const html = chatAuditHtml([note]);
  assert.ok(html.includes(`href="${escapeHtml(note.link)}"`), html);
  assert.match(html, /session:[^ ]+ #1: 2 dice/);
  assert.match(html, /seed sealed until the session closes/);
  assert.equal(chatAuditHtml([]), "");
  const hostile = chatAuditHtml([{ ...note, scope: '<img src=x onerror="alert(1)">', link: "javascript:alert(1)", draws: "<b>" }]);
  assert.ok(!hostile.includes("<img") && !hostile.includes("javascript:") && !hostile.includes("<b>"), hostile);
  assert.ok(hostile.includes('href="#"'));
  assert.equal(escapeHtml(`<a href='x'>&</a>`), "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
});

// --- coins and Fate dice ---------------------------------------------------------------------

// Foundry's term classes as the module meets them: the denomination letter is on the class.
class Coin {
  static DENOMINATION = "c";
  constructor(number, results = []) {
    Object.assign(this, { number, faces: 2, results });
  }
}
class FateDie {
  static DENOMINATION = "f";
  constructor(number, results = []) {
    Object.assign(this, { number, faces: 3, results });
  }
}

test("coins and Fate dice are asked for as dc and df, not as the d2 and d3 their faces would say", () => {
  const recorded = fixture("fulfill-coin-fate").request.body;
  const terms = fulfillableTerms([new Coin(3), new FateDie(4), die(2, 2)], ours);
  assert.deepEqual({ ...fulfilRequest(terms), seed: recorded.seed }, recorded);
  assert.equal(denominationOf(new Coin(1)), "dc");
  assert.equal(denominationOf(new FateDie(1)), "df");
  assert.equal(denominationOf({ denomination: "df", number: 1 }), "df");
  assert.equal(denominationOf(die(1, 20)), "d20");
  assert.equal(denominationOf({ number: 1, faces: undefined }), null);
  const methodFor = (denomination) => (denomination === "df" ? MODULE_ID : "");
  assert.deepEqual(fulfillableTerms([new Coin(2), new FateDie(4, [{ result: 0, active: true }]), die(1, 3)], methodFor), [
    { denomination: "df", count: 3 },
  ]);
});

test("a coin's faces are 0 and 1, a Fate die's -1, 0 and +1, each handed out by denomination", () => {
  const { request, answer } = fixture("fulfill-coin-fate");
  const queue = new FaceQueue(request.body.terms, answer.result.faces);
  const draws = answer.audit.draws;
  const coins = draws.slice(0, 3).map((d) => d.face - 1);
  const fate = draws.slice(3, 7).map((d) => d.face - 2);
  const d2s = draws.slice(7).map((d) => d.face);
  assert.deepEqual([queue.take("df"), queue.take("df"), queue.take("df"), queue.take("df")], fate);
  assert.deepEqual([queue.take(2), queue.take(2)], d2s); // a d2 never gets a coin's 0
  assert.deepEqual([queue.take("dc"), queue.take("dc"), queue.take("dc")], coins);
  assert.equal(queue.take("dc"), undefined);
  assert.equal(queue.remaining, 0);
  assert.deepEqual(faceRange("dc"), [0, 1]);
  assert.deepEqual(faceRange("df"), [-1, 1]);
  assert.deepEqual(faceRange("d8"), [1, 8]);
});

test("an answer with a face no coin or Fate die shows is refused", () => {
  assert.throws(() => new FaceQueue([{ denomination: "dc", count: 1 }], [[2]]), /not on a dc/);
  assert.throws(() => new FaceQueue([{ denomination: "df", count: 2 }], [[0, -2]]), /not on a df/);
  assert.throws(() => new FaceQueue([{ denomination: "d6", count: 1 }], [[0]]), /not on a d6/);
});

test("Fate dice and coins total as Foundry totals them: results, with heads counted when called", () => {
  const data = toRollData(fixture("roll-fate-coins").answer);
  const [fate, , called, , coins] = data.terms;
  assert.deepEqual([fate.class, called.class, coins.class], ["FateDie", "Coin", "Coin"]);
  assert.equal(termValue(fate), fate.results.reduce((sum, r) => sum + r.result, 0));
  assert.equal(termValue(called), called.results.filter((r) => r.result === 1).length);
  assert.equal(foundryTotal(data), data.total);
});

test("a margin of success is taken from the term options, as Die#total does", () => {
  const [first] = toRollData(fixture("roll-margin").answer).terms;
  const faces = first.results.reduce((sum, r) => sum + r.result, 0);
  assert.equal(termValue(first), faces - 10);
  assert.equal(termValue({ ...first, options: {} }), faces);
});
