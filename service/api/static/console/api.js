// The public API, as any client calls it: JSON over fetch, problem+json refusals as `ApiError`.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

export async function call(method, path, { body, token, accept } = {}) {
  const headers = { Accept: accept || "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = answer.headers.get("content-type") || "";
  if (!answer.ok) {
    const problem = type.includes("json") ? await answer.json() : { detail: await answer.text() };
    throw new ApiError(answer.status, problem);
  }
  if (type.includes("json")) return answer.json();
  return answer.text();
}

// Kept as promises, so callers that ask at once share one fetch; a failed fetch is forgotten and asked again.
let openapi = null;
let catalog = null;

/** The OpenAPI document, fetched once: the forms and the setup examples come from it. */
export function spec() {
  openapi = openapi || call("GET", "/openapi.json").catch((failure) => { openapi = null; throw failure; });
  return openapi;
}

/** `GET /v1/mechanics`, fetched once. */
export function mechanics() {
  catalog = catalog || call("GET", "/v1/mechanics").catch((failure) => { catalog = null; throw failure; });
  return catalog;
}

/** Follow `#/components/...` references inside the OpenAPI document. */
export function deref(doc, schema) {
  let seen = 0;
  while (schema && schema.$ref && seen++ < 32) {
    const path = schema.$ref.replace(/^#\//, "").split("/");
    let node = doc;
    for (const part of path) node = node[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    const { $ref, ...rest } = schema;
    schema = { ...node, ...rest };
  }
  return schema;
}
