// The list of banks that can receive settlements, from the processor, cached for a day per process
// (it changes a few times a year; a stale entry costs nothing, a failed lookup is retried next call).
import { ProcessorError, type Bank } from "@/lib/processors/types";
import { processorFailure } from "@/lib/processors";
import { bankDirectory } from "./processors";

const DAY_MS = 24 * 60 * 60 * 1000;
let cached: { processor: string; banks: Bank[]; at: number } | undefined;

export async function listBanks(now = Date.now()): Promise<Bank[]> {
  const directory = bankDirectory();
  if (cached && cached.processor === directory.name && now - cached.at < DAY_MS) return cached.banks;
  let banks: Bank[];
  try {
    banks = await directory.listBanks();
  } catch (error) {
    if (error instanceof ProcessorError) throw processorFailure(error);
    throw error;
  }
  const unique = new Map(banks.map((bank) => [bank.code, bank]));
  cached = { processor: directory.name, banks: [...unique.values()].sort((a, b) => a.name.localeCompare(b.name)), at: now };
  return cached.banks;
}

export async function findBank(code: string): Promise<Bank | null> {
  return (await listBanks()).find((bank) => bank.code === code) ?? null;
}
