import type { UseFormRegisterReturn } from "react-hook-form";

import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

type NameField = "firstName" | "lastName";

/** A person's first and last name (joining a team, account settings), for a react-hook-form form that has both. */
export function NameFields({
  register,
  errors,
}: {
  register: (name: NameField) => UseFormRegisterReturn;
  errors: Partial<Record<NameField, { message?: string }>>;
}) {
  return (
    <>
      <FormField label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" {...register("firstName")} />
      </FormField>
      <FormField label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="family-name" {...register("lastName")} />
      </FormField>
    </>
  );
}
