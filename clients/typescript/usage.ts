// Type-checked against both generators' output by clients/typescript.sh (nothing here runs).
import type { components } from "./types/openapi";
import { createSession, diceRollInSession, session } from "./hey-api/sdk.gen";
import type { CreateSession, SessionView, Visibility } from "./hey-api/types.gen";

type Schemas = components["schemas"];

// openapi-typescript: an ncb session body, its setup typed down to each combatant.
export const ncbTable: Schemas["NcbCreateSession"] = {
  system: "ncb",
  seats: [{ name: "Kay", role: "gm" }, { name: "Ana" }],
  setup: { combatants: [{ id: "v", name: "V", maxHp: 38, armorClass: 15, weapons: [{ name: "Unity", damageDice: "2d6" }] }] },
};

// @hey-api/openapi-ts: the same body through the union on `system`, and a typed SDK call.
const body: CreateSession = { system: "dice", seats: [{ name: "Ana" }] };
const visibility: Visibility = "gm";

export async function play(token: string): Promise<number | undefined> {
  const created = await createSession({ body });
  const id = created.data?.session.id;
  if (id === undefined) return undefined;
  const headers = { Authorization: `Bearer ${token}` };
  const rolled = await diceRollInSession({ path: { sessionId: id }, body: { expression: "2d6+1", visibility }, headers });
  const read = await session({ path: { sessionId: id }, headers });
  const view: SessionView | undefined = read.data;
  if (view?.system === "neuroscape") {
    // Narrowed on `system`: the match's typed view.
    return view.state.players.length;
  }
  return rolled.data?.result?.total;
}
