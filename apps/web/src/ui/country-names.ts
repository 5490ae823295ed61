import { COUNTRY_CODES, type CountryCode } from '@vestora/shared';

let regionNames: Intl.DisplayNames | undefined;

/** A country's name in English from its ISO code ("FR" → "France"); the browser knows the names. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
}

let options: readonly (readonly [CountryCode, string])[] | undefined;

/** Every country a person may name, as code and name, sorted by name. */
export function countryOptions(): readonly (readonly [CountryCode, string])[] {
  options ??= COUNTRY_CODES.map((code) => [code, countryName(code)] as const).sort(([, a], [, b]) =>
    a.localeCompare(b, 'en'),
  );
  return options;
}
