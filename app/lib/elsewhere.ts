// Where refused items go: the city's écocentres and Recyc-Québec's "Ça va où?" (any item, any town).
import type { TakeAnswer } from "./material-answer";

const ECOCENTRES_URL = "https://montreal.ca/lieux?mtl_content.lieux.installation.code=ECOC";
export const CA_VA_OU_URL = "https://www.recyc-quebec.gouv.qc.ca/citoyens/ca-va-ou";

/** "Will you take this?" in one word: yes, no, or unknown when nothing matched. */
export type TakeVerdict = "yes" | "no" | "unknown";

export function verdictOf(answer: TakeAnswer | null): TakeVerdict {
  return answer ? answer.verdict : "unknown";
}

/** A place to take what we do not take; `id` is its name's key in the "search" texts. */
export type DropOffPlace = { id: "ecocentres" | "caVaOu"; url: string };

const ECOCENTRES: DropOffPlace = { id: "ecocentres", url: ECOCENTRES_URL };
const CA_VA_OU: DropOffPlace = { id: "caVaOu", url: CA_VA_OU_URL };

/**
 * Where to take it instead, as the answer box and GET /api/materials/answer both list it: for a no, the
 * écocentres and "Ça va où?"; when nothing matched, "Ça va où?" (it knows every item); for a yes, nowhere.
 */
export function dropOffFor(answer: TakeAnswer | null): DropOffPlace[] {
  const verdict = verdictOf(answer);
  if (verdict === "no") return [ECOCENTRES, CA_VA_OU];
  if (verdict === "unknown") return [CA_VA_OU];
  return [];
}
