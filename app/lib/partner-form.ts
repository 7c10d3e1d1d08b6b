// The admins' partner form (/admin/partners, issue 42 part 11): who the partner is, the material
// categories it takes, and what becomes of the material, in both languages. Messages are keys of the
// "partners" namespace. The categories are checked against the catalogue by the impact service.
import { z } from "zod";

export const PARTNER_LIMITS = { name: 120, city: 80, website: 300, fate: 300, categories: 30 } as const;

const text = (max: number, key: string, required: boolean) =>
  z
    .string({ required_error: key, invalid_type_error: key })
    .trim()
    .min(required ? 1 : 0, key)
    .max(max, key);

/** An http(s) address a browser opens, or "" for none. */
function isWebAddress(value: string): boolean {
  if (!value) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A checkbox list arrives as nothing, one value or several: always a list. */
const asList = (value: unknown) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);

export const PartnerFormSchema = z.object({
  name: text(PARTNER_LIMITS.name, "partners:errors.name", true),
  city: text(PARTNER_LIMITS.city, "partners:errors.city", false).default(""),
  website: text(PARTNER_LIMITS.website, "partners:errors.website", false)
    .default("")
    .refine(isWebAddress, "partners:errors.website"),
  categories: z.preprocess(
    asList,
    z
      .array(z.string().regex(/^[a-z0-9_]{1,60}$/, "partners:errors.categories"), {
        invalid_type_error: "partners:errors.categories",
      })
      .min(1, "partners:errors.categories")
      .max(PARTNER_LIMITS.categories, "partners:errors.categories")
      .transform((list) => [...new Set(list)]),
  ),
  fateEn: text(PARTNER_LIMITS.fate, "partners:errors.fate", true),
  fateFr: text(PARTNER_LIMITS.fate, "partners:errors.fate", true),
});

export type PartnerInput = z.infer<typeof PartnerFormSchema>;
