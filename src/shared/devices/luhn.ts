/** Luhn check digit for a string of digits (IMEIs and ICCIDs end in one). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function passesLuhn(value: string): boolean {
  if (!/^\d{2,}$/.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/** A 15-digit IMEI whose last digit is its Luhn check digit. */
export const isValidImei = (value: string): boolean => /^\d{15}$/.test(value) && passesLuhn(value);
