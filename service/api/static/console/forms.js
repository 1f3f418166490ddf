// Forms generated from a mechanic's JSON Schema (as the OpenAPI document declares it).
//
// `field(doc, schema, value, path, label, required)` answers { node, read }: `read()` gives the
// JSON value the inputs hold (undefined: leave the member out). Every input carries the dotted
// path of the member it fills (`data-path`), so a refusal naming a member finds its field.
import { deref } from "./api.js";
import { el } from "./dom.js";

let counter = 0;
const nextId = () => `f${++counter}`;

function variants(doc, schema) {
  const list = schema.anyOf || schema.oneOf;
  if (!list || schema.properties) return null;
  const all = list.map((s) => deref(doc, s));
  const nullable = all.some((s) => s.type === "null");
  return { nullable, options: all.filter((s) => s.type !== "null") };
}

function merged(doc, schema) {
  // allOf: the parts with members are merged; the parts that only constrain are the server's to check.
  if (!schema.allOf) return schema;
  const out = { ...schema, properties: { ...(schema.properties || {}) }, required: [...(schema.required || [])] };
  delete out.allOf;
  for (const part of schema.allOf.map((s) => deref(doc, s))) {
    if (part.properties) Object.assign(out.properties, part.properties);
    if (part.required && part.properties) out.required.push(...part.required);
    if (part.type && !out.type) out.type = part.type;
  }
  return out;
}

function wrap(path, label, control, id, help) {
  const box = el("div", { class: "field", "data-path": path });
  box.append(el("label", { for: id }, label));
  box.append(control);
  if (help) box.append(el("small", { class: "help" }, help));
  box.append(el("p", { class: "field-error", role: "alert", hidden: true }));
  return box;
}

const describe = (schema) => (schema.description || "").replace(/`/g, "");

function jsonField(path, label, value, help) {
  const id = nextId();
  const area = el("textarea", { id, rows: 3, spellcheck: "false", "data-path": path });
  area.value = value === undefined ? "" : JSON.stringify(value, null, 1);
  const read = () => (area.value.trim() === "" ? undefined : JSON.parse(area.value));
  return { node: wrap(path, `${label} (JSON)`, area, id, help), read };
}

export function field(doc, raw, value, path, label, required) {
  let schema = merged(doc, deref(doc, raw));
  const choice = variants(doc, schema);
  if (choice && choice.options.length === 1) {
    schema = merged(doc, { ...choice.options[0], description: schema.description || choice.options[0].description, default: schema.default });
    required = required && !choice.nullable;
  } else if (choice && choice.options.length > 1) {
    return unionField(doc, schema, choice, value, path, label, required);
  }
  const help = describe(schema);
  if (schema.const !== undefined) {
    return { node: el("div", { hidden: true, "data-path": path }), read: () => schema.const };
  }
  if (schema.enum) {
    const id = nextId();
    const select = el("select", { id, "data-path": path });
    if (!required) select.append(el("option", { value: "" }, "—"));
    for (const option of schema.enum) select.append(el("option", { value: JSON.stringify(option) }, String(option)));
    const start = value !== undefined ? value : schema.default;
    if (start !== undefined && start !== null) select.value = JSON.stringify(start);
    return { node: wrap(path, label, select, id, help), read: () => (select.value === "" ? undefined : JSON.parse(select.value)) };
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "boolean") {
    const id = nextId();
    const select = el("select", { id, "data-path": path });
    if (!required) select.append(el("option", { value: "" }, "—"));
    select.append(el("option", { value: "true" }, "yes"), el("option", { value: "false" }, "no"));
    const start = value !== undefined ? value : schema.default;
    select.value = start === true ? "true" : start === false ? "false" : required ? "false" : "";
    return { node: wrap(path, label, select, id, help), read: () => (select.value === "" ? undefined : select.value === "true") };
  }
  if (type === "integer" || type === "number" || type === "string") {
    const id = nextId();
    const numeric = type !== "string";
    const input = el("input", { id, type: numeric ? "number" : "text", "data-path": path });
    if (numeric && type === "integer") input.step = "1";
    if (schema.minimum !== undefined) input.min = schema.minimum;
    if (schema.maximum !== undefined) input.max = schema.maximum;
    if (required) input.required = true;
    const start = value !== undefined ? value : schema.default;
    if (start !== undefined && start !== null) input.value = String(start);
    const read = () => {
      if (input.value === "") return undefined;
      return numeric ? Number(input.value) : input.value;
    };
    return { node: wrap(path, label, input, id, help), read };
  }
  if (type === "array" && schema.items) return arrayField(doc, schema, value, path, label, help);
  if (schema.properties) return objectField(doc, schema, value, path, label, required, help);
  return jsonField(path, label, value, help);
}

function objectField(doc, schema, value, path, label, required, help) {
  const box = el("fieldset", { class: "object", "data-path": path });
  box.append(el("legend", {}, label));
  if (help) box.append(el("small", { class: "help" }, help));
  box.append(el("p", { class: "field-error", role: "alert", hidden: true }));
  const wanted = new Set(schema.required || []);
  const given = value && typeof value === "object" ? value : {};
  const members = Object.entries(schema.properties).map(([name, sub]) => {
    const child = field(doc, sub, given[name], path ? `${path}.${name}` : name, name, wanted.has(name));
    box.append(child.node);
    return [name, child];
  });
  let include = null;
  if (!required && path) {
    const id = nextId();
    include = el("input", { type: "checkbox", id, checked: value !== undefined && value !== null });
    box.insertBefore(el("div", { class: "include" }, include, el("label", { for: id }, `give ${label}`)), box.children[1]);
    // Left out, its members are out of the way too (and out of the body).
    const fold = () => { for (const [, child] of members) child.node.hidden = !include.checked; };
    include.addEventListener("change", fold);
    fold();
  }
  const read = () => {
    if (include && !include.checked) return undefined;
    const out = {};
    for (const [name, child] of members) {
      const got = child.read();
      if (got !== undefined) out[name] = got;
    }
    return out;
  };
  return { node: box, read };
}

function arrayField(doc, schema, value, path, label, help) {
  const box = el("fieldset", { class: "array", "data-path": path });
  box.append(el("legend", {}, label));
  if (help) box.append(el("small", { class: "help" }, help));
  box.append(el("p", { class: "field-error", role: "alert", hidden: true }));
  const list = el("div", { class: "items" });
  const rows = [];
  const add = (item) => {
    const index = rows.length;
    const child = field(doc, schema.items, item, `${path}.${index}`, `${label} ${index + 1}`, true);
    const remove = el("button", { type: "button", class: "small", "aria-label": `remove ${label} ${index + 1}` }, "remove");
    const row = el("div", { class: "item" }, child.node, remove);
    const entry = { child, row };
    remove.addEventListener("click", () => { rows.splice(rows.indexOf(entry), 1); row.remove(); });
    rows.push(entry);
    list.append(row);
  };
  for (const item of Array.isArray(value) ? value : []) add(item);
  const more = el("button", { type: "button", class: "small" }, `add ${label}`);
  more.addEventListener("click", () => add(undefined));
  box.append(list, more);
  return { node: box, read: () => rows.map((r) => r.child.read()).filter((v) => v !== undefined) };
}

function variantName(schema, index) {
  if (schema.title) return schema.title;
  for (const [name, sub] of Object.entries(schema.properties || {})) if (sub.const !== undefined) return `${name}: ${sub.const}`;
  return schema.type ? `${schema.type}` : `form ${index + 1}`;
}

function matches(schema, value) {
  if (value === undefined || value === null) return false;
  const type = Array.isArray(value) ? "array" : typeof value === "object" ? "object" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;
  if (schema.type && schema.type !== type && !(schema.type === "number" && type === "integer")) return false;
  if (type === "object" && schema.properties) {
    return Object.entries(schema.properties).every(([k, s]) => s.const === undefined || value[k] === s.const);
  }
  return true;
}

function unionField(doc, schema, choice, value, path, label, required) {
  const box = el("fieldset", { class: "union", "data-path": path });
  box.append(el("legend", {}, label));
  const id = nextId();
  const select = el("select", { id });
  if (!required || choice.nullable) select.append(el("option", { value: "" }, "—"));
  choice.options.forEach((option, index) => select.append(el("option", { value: String(index) }, variantName(option, index))));
  const found = choice.options.findIndex((option) => matches(merged(doc, option), value));
  select.value = found >= 0 ? String(found) : required && !choice.nullable ? "0" : "";
  box.append(el("label", { for: id }, `${label}: which form`), select);
  box.append(el("p", { class: "field-error", role: "alert", hidden: true }));
  const slot = el("div", { class: "variant" });
  box.append(slot);
  let current = null;
  const show = () => {
    slot.replaceChildren();
    current = null;
    if (select.value === "") return;
    const option = choice.options[Number(select.value)];
    current = field(doc, option, found === Number(select.value) ? value : undefined, path, label, true);
    slot.append(current.node);
  };
  select.addEventListener("change", show);
  show();
  return { node: box, read: () => (current ? current.read() : undefined) };
}

/** Put each message of a refusal next to the field it names; answer what found no field. */
export function showProblem(form, problem, body) {
  for (const old of form.querySelectorAll(".field-error")) { old.hidden = true; old.textContent = ""; }
  const named = [];
  for (const error of problem.errors || []) {
    const loc = (error.loc || []).filter((part, i) => !(i === 0 && part === "body"));
    named.push([loc.join("."), error.msg]);
  }
  if (problem.field) named.push([String(problem.field), problem.detail]);
  if (!named.length) {
    const guess = guessField(problem.detail || "", body) ?? diceField(form, problem.code || "");
    if (guess !== null) named.push([guess, problem.detail]);
  }
  const rest = [];
  for (const [path, message] of named) {
    const slot = slotFor(form, path);
    if (slot) { slot.textContent = message; slot.hidden = false; } else rest.push(message);
  }
  if (!named.length) rest.push(problem.detail || problem.title);
  return rest;
}

function slotFor(form, path) {
  let parts = path.split(".").filter((p) => p !== "");
  while (parts.length) {
    const box = form.querySelector(`[data-path="${CSS.escape(parts.join("."))}"]`);
    const slot = box && (box.classList.contains("field") || box.tagName === "FIELDSET") && box.querySelector(":scope > .field-error");
    // A field out of sight (the body edited as JSON, a member left out) would hide its message.
    if (slot && !box.closest("[hidden]")) return slot;
    parts = parts.slice(0, -1);
  }
  return null;
}

/**
 * A refusal of the dice notation (`dice/...`) or of the odds limits (`odds/too-costly`, a pool too
 * big to compute exactly) names no member: in a form with a dice `expression`, it is that field's.
 */
function diceField(form, code) {
  if (!code.startsWith("dice/") && code !== "odds/too-costly") return null;
  return form.querySelector('[data-path="expression"]') ? "expression" : null;
}

/** A rule's refusal that names no member by path: the member whose value, or name, its message quotes. */
function guessField(detail, body) {
  // A quote opens and closes between non-letters, so an apostrophe ("rei's") is not one.
  const quoted = new Set([...detail.matchAll(/(?<![\p{L}\p{N}])['`"]([^'`"]+)['`"](?![\p{L}\p{N}])/gu)].map((m) => m[1]));
  const walk = (value, path) => {
    if (value && typeof value === "object") {
      for (const [key, sub] of Object.entries(value)) {
        const here = path ? `${path}.${key}` : key;
        if (!Array.isArray(value) && quoted.has(key)) return here;
        const found = walk(sub, here);
        if (found !== null) return found;
      }
      return null;
    }
    return value !== undefined && quoted.has(String(value)) ? path : null;
  };
  return walk(body, "");
}

/**
 * A whole request body: the generated form, or (a switch away) the same body as JSON text.
 * Answers { node, read } where `read()` throws on JSON that does not parse.
 */
export function bodyEditor(doc, schema, value, label) {
  const generated = field(doc, schema, value, "", label, true);
  const id = nextId();
  const asJson = el("input", { type: "checkbox", id, class: "as-json" });
  const json = el("textarea", { rows: 8, spellcheck: "false", hidden: true, "aria-label": `${label} as JSON`, class: "body-json" });
  asJson.addEventListener("change", () => {
    if (asJson.checked) json.value = JSON.stringify(generated.read() || {}, null, 1);
    json.hidden = !asJson.checked;
    generated.node.hidden = asJson.checked;
  });
  const node = el("div", { class: "body-editor" }, el("div", { class: "include" }, asJson, el("label", { for: id }, "edit the body as JSON")), generated.node, json);
  return { node, read: () => (asJson.checked ? JSON.parse(json.value || "{}") : generated.read() || {}) };
}
