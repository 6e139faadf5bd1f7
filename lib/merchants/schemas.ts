import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";

const optional = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]).optional();

export const merchantUpdateSchema = z
  .strictObject(
    {
      businessName: fields.name("Business name", 120).optional(),
      supportEmail: optional(fields.email()),
      supportPhone: optional(
        z
          .string()
          .trim()
          .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, "Enter a valid phone number, e.g. +234 803 123 4567"),
      ),
      website: optional(fields.httpsUrl("Website")),
      brandColor: optional(z.string().regex(/^#[0-9a-fA-F]{6}$/, "Brand colour must be a hex colour like #0F766E")),
      logoUrl: optional(fields.httpsUrl("Logo URL")),
      assignVirtualAccounts: z.boolean({ error: "assignVirtualAccounts must be true or false" }).optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .refine((value) => Object.keys(value).length > 0, { message: "Send at least one field to update" });
export type MerchantUpdate = z.infer<typeof merchantUpdateSchema>;
