// A small element builder: el("p", {class: "x"}, "text", child).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "checked" || key === "hidden") node[key] = Boolean(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** `work()` with the form's submit button held: one press is one request, answered before the next press. */
export async function holdingSubmit(form, work) {
  const submit = form.querySelector('button[type="submit"]');
  submit.disabled = true;
  try {
    return await work();
  } finally {
    submit.disabled = false;
  }
}

export function table(headings, rows, caption) {
  const head = el("tr", {}, headings.map((h) => el("th", { scope: "col" }, h)));
  const body = rows.map((row) => el("tr", {}, row.map((cell) => el("td", {}, cell))));
  return el("table", {}, caption ? el("caption", {}, caption) : null, el("thead", {}, head), el("tbody", {}, body));
}
