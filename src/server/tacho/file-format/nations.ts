/**
 * NationNumeric → NationAlpha (Annex 1B Appendix 1 §2.100/§2.101; Annex 1C keeps the codes):
 * the distinguishing sign of vehicles in international traffic, e.g. '26'H → 'NL'.
 */
const ALPHA: readonly string[] = [
  '', // 00: no information
  'A',
  'AL',
  'AND',
  'ARM',
  'AZ',
  'B',
  'BG',
  'BIH',
  'BY',
  'CH',
  'CY',
  'CZ',
  'D',
  'DK',
  'E',
  'EST',
  'F',
  'FIN',
  'FL',
  'FR',
  'UK',
  'GE',
  'GR',
  'H',
  'HR',
  'I',
  'IRL',
  'IS',
  'KZ',
  'L',
  'LT',
  'LV',
  'M',
  'MC',
  'MD',
  'MK',
  'N',
  'NL',
  'P',
  'PL',
  'RO',
  'RSM',
  'RUS',
  'S',
  'SK',
  'SLO',
  'TM',
  'TR',
  'UA',
  'V',
  'YU',
  'MNE',
  'SRB',
  'UZ',
];
const SPECIAL: Readonly<Record<number, string>> = { 0xfd: 'EC', 0xfe: 'EUR', 0xff: 'WLD' };

/** The alpha code of a NationNumeric byte; null for 'no information' and reserved values. */
export function nationAlpha(numeric: number): string | null {
  const alpha = ALPHA[numeric] ?? SPECIAL[numeric];
  return alpha ? alpha : null;
}

/** The NationNumeric of an alpha code (builders); 0 ('no information') when unknown. */
export function nationNumeric(alpha: string): number {
  const upper = alpha.trim().toUpperCase();
  const index = ALPHA.indexOf(upper);
  if (index > 0) return index;
  const special = Object.entries(SPECIAL).find(([, code]) => code === upper);
  return special ? Number(special[0]) : 0;
}
