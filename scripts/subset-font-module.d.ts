/** The part of subset-font's API that scripts/subset-font.ts uses (the package ships no types). */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** OpenType layout features to keep beyond HarfBuzz's defaults. */
    keepFeatures?: readonly string[];
    noLayoutClosure?: boolean;
    preserveNameIds?: readonly number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Uint8Array>;
}
