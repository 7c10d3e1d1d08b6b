// Is a postal prefix served? The answer comes from the service_prefixes table (active rows only).
import { eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { sharedRead } from "~/services/platform/shared-reads.server";
import { FsaSchema } from "~/lib/visitor-schemas";

/** A prefix that is not a Canadian FSA (wrong shape, or a first letter Canada does not use). */
export class InvalidPostalPrefixError extends Error {
  readonly key = "errors.postalFsaInvalid";
  constructor(readonly input: string) {
    super("Invalid postal code");
  }
}

export type ServiceAreaResult = { available: boolean; fsa: string };

/** Upper-cases and validates the prefix; throws InvalidPostalPrefixError when it is not Canadian. */
export function parsePostalPrefix(raw: unknown): string {
  const parsed = FsaSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidPostalPrefixError(String(raw ?? ""));
  return parsed.data;
}

/** The open prefixes, read once until the database changes (platform/shared-reads). */
function servedPrefixes(): ReadonlySet<string> {
  return sharedRead(
    "served-prefixes",
    () =>
      new Set(
        db
          .select({ fsa: schema.servicePrefixes.fsa })
          .from(schema.servicePrefixes)
          .where(eq(schema.servicePrefixes.active, true))
          .all()
          .map((row) => row.fsa),
      ),
  );
}

export function isServedPrefix(fsa: string): boolean {
  return servedPrefixes().has(fsa);
}

/** The spec's service-area check: `{ available, fsa }` for a prefix typed in any case. */
export function checkServiceArea(raw: unknown): ServiceAreaResult {
  const fsa = parsePostalPrefix(raw);
  return { available: isServedPrefix(fsa), fsa };
}
