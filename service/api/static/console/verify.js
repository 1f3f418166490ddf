// Every die recomputed in the page, as service/dice/stream.py draws it, with nothing from the
// server but the record and the revealed seed: HMAC-SHA256 keyed by the seed over the
// length-prefixed fields (algorithm, scope, nonce, client seed, block counter); each 32-byte block
// is eight big-endian 32-bit words, and a die of s sides keeps a word w only if w < 2^32 - 2^32 mod s,
// reading face w mod s + 1.

const text = new TextEncoder();
const SPACE = 2 ** 32;

function fields(values) {
  const parts = values.map((v) => text.encode(String(v)));
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const part of parts) {
    view.setUint32(at, part.length);
    out.set(part, at + 4);
    at += 4 + part.length;
  }
  return out;
}

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function commitment(seed) {
  return hex(await crypto.subtle.digest("SHA-256", text.encode(seed)));
}

/** The faces the stream gives for `record`'s draws (same sides, in order) under `seed`. */
export async function faces(record, seed) {
  const key = await crypto.subtle.importKey("raw", text.encode(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  let counter = 0;
  let words = [];
  const out = [];
  for (const draw of record.draws) {
    const sides = draw.sides;
    const limit = SPACE - (SPACE % sides);
    for (;;) {
      if (!words.length) {
        const message = fields([record.algorithm, record.scope, record.nonce, record.clientSeed, counter]);
        const block = new DataView(await crypto.subtle.sign("HMAC", key, message));
        words = Array.from({ length: 8 }, (_, i) => block.getUint32(i * 4));
        counter += 1;
      }
      const word = words.shift();
      if (word < limit) { out.push((word % sides) + 1); break; }
    }
  }
  return out;
}

/**
 * Check one audit record against a seed: { ok, reason } (ok null: nothing to check it with yet). `seed` is the revealed seed of the
 * record's epoch (a session's) or the record's own (a stateless roll's).
 */
export async function check(record, seed) {
  if (!seed) return { ok: null, reason: "its seed is not revealed yet" };
  if ((await commitment(seed)) !== record.seedCommitment) return { ok: false, reason: "seed does not match its commitment" };
  const got = await faces(record, seed);
  for (let i = 0; i < record.draws.length; i++) {
    if (got[i] !== record.draws[i].face) {
      return { ok: false, reason: `draw ${i + 1}: recorded ${record.draws[i].face}, recomputed ${got[i]}` };
    }
  }
  return { ok: true, reason: `${record.draws.length} draws match` };
}
