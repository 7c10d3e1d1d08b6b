// An /api path that is no endpoint answers like the API does: 404 with a JSON { message } in the caller's
// language, any method.
import { apiNotFound } from "~/services/http/edge-guard.server";

export const loader = apiNotFound;
export const action = apiNotFound;
