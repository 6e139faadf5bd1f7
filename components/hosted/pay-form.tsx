import type { ComponentProps } from "react";
import type { FieldError } from "@/lib/api/errors";
import { FormError } from "./form-error";
import { CHANNELS } from "@/lib/payments/channels";
import type { FormValues } from "@/lib/payments/hosted-checkout";

export type PayFormProps = {
  action: string;
  values: FormValues;
  errors: FieldError[];
  /** Ask for the amount (a customer-priced link, an invoice paid in parts). */
  askAmount: boolean;
  /** The amount field's limits in words (default: the platform's ₦50 minimum) and its starting value. */
  amountHint?: string;
  amountDefault?: string;
  /** Ask for the e-mail (a link; an invoice already knows its customer). */
  askEmail: boolean;
  /** Ask for the name: "optional" on links, "required" on an invoice made out to an e-mail address only. */
  askName: "required" | "optional" | false;
  /** Offer card, transfer and USSD; false where only a card will do (a subscription renews on the card). */
  askChannel?: boolean;
  submitLabel: string;
};

const inputClass =
  "block h-12 w-full rounded-md border border-input bg-background px-3 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

/** A plain HTML form that posts to the server: it works with JavaScript off; /pay.js only polishes it. */
export function PayForm({
  action,
  values,
  errors,
  askAmount,
  amountHint = "Minimum ₦50",
  amountDefault = "",
  askEmail,
  askName,
  askChannel = true,
  submitLabel,
}: PayFormProps) {
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const formError = errors.find((e) => !["email", "name", "amount", "channel"].includes(e.field))?.message;
  return (
    <form method="post" action={action} className="space-y-5" data-pay-form>
      <FormError message={formError} />
      {askAmount ? (
        <Field
          id="amount"
          label="Amount (₦)"
          error={errorOf("amount")}
          hint={amountHint}
          prefix="₦"
          inputMode="decimal"
          autoComplete="off"
          required
          placeholder="0.00"
          defaultValue={values.amount ?? amountDefault}
          className={`${inputClass} pl-8 text-lg font-semibold`}
        />
      ) : null}
      {askEmail ? (
        <Field
          id="email"
          label="Email address"
          error={errorOf("email")}
          hint="Your receipt goes here"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={values.email ?? ""}
        />
      ) : null}
      {askName ? (
        <Field
          id="name"
          label={askName === "optional" ? "Full name (optional)" : "Full name"}
          error={errorOf("name")}
          autoComplete="name"
          required={askName === "required"}
          defaultValue={values.name ?? ""}
        />
      ) : null}
      {askChannel ? <ChannelChoice values={values} error={errorOf("channel")} /> : null}
      <button
        type="submit"
        data-pay-submit
        className="inline-flex h-12 w-full items-center justify-center rounded-md bg-primary px-4 text-base font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-70"
      >
        {submitLabel}
      </button>
      <p className="text-center text-xs text-muted-foreground">You will finish paying on our payment partner&apos;s secure page.</p>
    </form>
  );
}

type FieldProps = Omit<ComponentProps<"input">, "id" | "name" | "prefix"> & {
  /** The input's id and name; its hint and error are `{id}-hint` and `{id}-error`. */
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Shown inside the input, before what is typed (the ₦ of an amount). */
  prefix?: string;
};

/** A labelled input with its hint and error, wired to it for screen readers. */
function Field({ id, label, hint, error, prefix, className = inputClass, ...input }: FieldProps) {
  const control = (
    <input
      id={id}
      name={id}
      {...input}
      aria-invalid={Boolean(error)}
      aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
      className={className}
    />
  );
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {prefix ? (
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** How the customer pays: radio buttons that look like buttons (`channels`: the ones this payment takes). */
export function ChannelChoice({ values, error, channels = CHANNELS }: { values: FormValues; error?: string; channels?: typeof CHANNELS }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Pay with</legend>
      <div className={channels.length === 3 ? "grid grid-cols-3 gap-2" : "grid grid-cols-2 gap-2"}>
        {channels.map((channel) => (
          <label
            key={channel.value}
            className="flex cursor-pointer items-center justify-center rounded-md border bg-background px-2 py-3 text-sm font-medium has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input type="radio" name="channel" value={channel.value} defaultChecked={(values.channel || "card") === channel.value} className="sr-only" />
            {channel.label}
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}
