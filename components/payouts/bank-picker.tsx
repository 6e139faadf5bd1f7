"use client";

import * as React from "react";

import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type BankOption = { code: string; name: string };

type BankPickerProps = Omit<React.ComponentProps<"input">, "value" | "onChange"> & {
  banks: BankOption[];
  /** The chosen bank's code, "" for none. */
  value: string;
  onChange: (code: string) => void;
};

/**
 * A searchable bank list (WAI-ARIA combobox with a listbox popup): typing filters some 200 banks by
 * any part of their name; arrows move, Enter or a tap chooses, Escape closes. Typing after a choice
 * clears it, so the code sent is always one picked from the list. id and aria-* (FormField's) go
 * on the input.
 */
export function BankPicker({ banks, value, onChange, disabled, className, ...inputProps }: BankPickerProps) {
  const listId = React.useId();
  const chosen = banks.find((bank) => bank.code === value);
  const [text, setText] = React.useState(chosen?.name ?? "");
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);

  const needle = text.trim().toLowerCase();
  const matches = needle && !chosen ? banks.filter((bank) => bank.name.toLowerCase().includes(needle)) : banks;
  const activeBank = open ? matches[Math.min(active, matches.length - 1)] : undefined;
  const optionId = (code: string) => `${listId}-${code}`;

  function choose(bank: BankOption) {
    setText(bank.name);
    setOpen(false);
    onChange(bank.code);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return void (setOpen(true), setActive(0));
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(matches.length - 1, i + step)));
    } else if (event.key === "Enter" && activeBank) {
      event.preventDefault();
      choose(activeBank);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <Input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeBank ? optionId(activeBank.code) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type to search, e.g. Zenith"
        disabled={disabled}
        value={text}
        className={className}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange("");
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          // A name typed out in full counts as choosing it.
          const exact = !chosen && banks.find((bank) => bank.name.toLowerCase() === needle);
          if (exact) choose(exact);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Banks"
        hidden={!open || matches.length === 0}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover py-1 text-popover-foreground shadow-popover"
      >
        {matches.map((bank) => (
          <li
            key={bank.code}
            id={optionId(bank.code)}
            role="option"
            aria-selected={bank === activeBank}
            // Keeps focus in the input, so its blur does not close the list before the tap lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(bank)}
            className={cn("cursor-pointer px-3 py-2.5 text-sm md:py-2", bank === activeBank && "bg-accent text-accent-foreground")}
          >
            {bank.name}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 ? (
        <p role="status" className="mt-1 text-sm text-muted-foreground">
          No bank matches “{text.trim()}”
        </p>
      ) : null}
    </div>
  );
}
