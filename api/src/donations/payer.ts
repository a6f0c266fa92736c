import type { IpnFields } from './ipn.ts';

/** Who paid: the address lower-cased, the name as PayPal has it (or the business's). */
export function payer(fields: IpnFields) {
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ').trim() || fields.payer_business_name || '';
  return { email: (fields.payer_email ?? '').trim().toLowerCase().slice(0, 254), name: name.replace(/\s+/g, ' ').slice(0, 200) };
}
