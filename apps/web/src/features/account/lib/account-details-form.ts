/**
 * The Account Details form (000 §2.6, §3.6, §5). Its inputs carry the spec's field names
 * (adressLine1..5, countryCodePhone, areaCodePhone, numberPhone) and hold strings; the parsed output
 * is the POST /account request, checked by the contract's accountDetailsForm for the account's own
 * lines ('{label} is required') and telephone (all three parts or none, with the lower-case texts).
 */
import { z } from 'zod';
import {
  ADDRESS_LINES,
  accountDetailsForm,
  type AccountResponse,
  type AddressLine,
  type UpdateAccountRequest,
} from '@wayguard/contracts';

export const ADDRESS_FIELDS = ['adressLine1', 'adressLine2', 'adressLine3', 'adressLine4', 'adressLine5'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const PHONE_FIELDS = {
  country_code_id: 'countryCodePhone',
  area_code: 'areaCodePhone',
  number: 'numberPhone',
} as const;

export type AccountDetailsInput = Record<AddressField | 'countryCodePhone' | 'areaCodePhone' | 'numberPhone', string>;

const inputs = z.object({
  adressLine1: z.string(),
  adressLine2: z.string(),
  adressLine3: z.string(),
  adressLine4: z.string(),
  adressLine5: z.string(),
  countryCodePhone: z.string(),
  areaCodePhone: z.string(),
  numberPhone: z.string(),
});

/** The input that a contract issue belongs to. */
function fieldOf(path: readonly PropertyKey[]): keyof AccountDetailsInput {
  const [group, part] = path;
  if (group === 'telephone' && typeof part === 'string' && part in PHONE_FIELDS)
    return PHONE_FIELDS[part as keyof typeof PHONE_FIELDS];
  return ADDRESS_FIELDS[typeof part === 'number' ? part : 0] ?? 'adressLine1';
}

/** The form's schema for an account's lines (their labels and required flags). */
export function accountDetailsSchema(lines: readonly Pick<AddressLine, 'label' | 'required'>[]) {
  const request = accountDetailsForm(lines);
  return inputs.transform((v, ctx): UpdateAccountRequest => {
    const phoneGiven = [v.countryCodePhone, v.areaCodePhone, v.numberPhone].some((p) => p.trim() !== '');
    const result = request.safeParse({
      address: ADDRESS_FIELDS.map((f) => v[f]),
      telephone: phoneGiven
        ? {
            country_code_id: v.countryCodePhone ? Number(v.countryCodePhone) : undefined,
            area_code: v.areaCodePhone,
            number: v.numberPhone,
          }
        : null,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', path: [fieldOf(issue.path)], message: issue.message });
    return z.NEVER;
  });
}

/** The form's starting values: the account's five lines and telephone. */
export function accountDetailsValues(account: Pick<AccountResponse, 'address' | 'telephone'>): AccountDetailsInput {
  const line = (i: number) => account.address[i]?.value ?? '';
  const t = account.telephone;
  return {
    adressLine1: line(0),
    adressLine2: line(1),
    adressLine3: line(2),
    adressLine4: line(3),
    adressLine5: line(4),
    countryCodePhone: t && t.country_code_id > 0 ? String(t.country_code_id) : '',
    areaCodePhone: t?.area_code ?? '',
    numberPhone: t?.number ?? '',
  };
}

/** The five lines with their labels, padded as the server pads them. */
export function addressLines(address: readonly AddressLine[]): AddressLine[] {
  return Array.from(
    { length: ADDRESS_LINES },
    (_, i) => address[i] ?? { label: `Address Line ${i + 1}`, value: '', required: false },
  );
}
