// Every processor, by name: its catalog entry with its adapter's factory (each adapter file exports
// its descriptor). The record's type needs one entry per catalog name, so a processor missing here
// does not compile. Server-only (the adapters read the database); static facts are in catalog.ts.
import { flutterwave } from "./flutterwave";
import { paystack } from "./paystack";
import { sandbox } from "./sandbox";
import type { ProcessorName } from "./catalog";
import type { ProcessorDescriptor } from "./types";

export const PROCESSORS: { readonly [N in ProcessorName]: ProcessorDescriptor<N> } = { paystack, flutterwave, sandbox };
