/** The product's brand (SPEC.md §1 domain flag; variants arrive with issue 7). */
import { Scale } from "lucide-react";

export interface Brand {
  name: string;
  tagline: string;
}

export const DEFAULT_BRAND: Brand = { name: "Lexmate", tagline: "The study companion for law school" };

export const useBrand = (): Brand => DEFAULT_BRAND;

export function BrandMark({ compact = false }: { compact?: boolean }) {
  const brand = useBrand();
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900 dark:text-white">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Scale className="h-4.5 w-4.5" aria-hidden />
      </span>
      {!compact && <span className="text-lg">{brand.name}</span>}
    </span>
  );
}
