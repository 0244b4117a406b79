import customParseFormat from 'dayjs/plugin/customParseFormat';
import { dayjs } from '@app/lib/dayjs';

// Strict parsing of a given format: '31-02-2026' is no day of February.
dayjs.extend(customParseFormat);

/**
 * Dates as the portal writes them everywhere (spec 01 §9, spec 02 §9): DD-MM-YYYY, with HH:mm
 * where the time matters; whatever the browser's own language would make of a date input. The
 * form values stay what the schemas and the API take: YYYY-MM-DD and YYYY-MM-DDTHH:mm (local).
 */
export type DateMode = 'date' | 'datetime';

const TEXT = { date: 'DD-MM-YYYY', datetime: 'DD-MM-YYYY HH:mm' } as const;
const VALUE = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DDTHH:mm' } as const;

/** The field's placeholder and the form its message asks for. */
export const dateTextFormat = (mode: DateMode): string => TEXT[mode];

export const dateFormatProblem = (mode: DateMode): string =>
  mode === 'date' ? 'Enter the date as DD-MM-YYYY' : 'Enter the date and time as DD-MM-YYYY HH:mm';

export const noSuchDate = (text: string): string => `There is no ${text}`;

/** A form value (YYYY-MM-DD, or an ISO date and time) as the field shows it; other text as is. */
export function dateText(value: string, mode: DateMode): string {
  if (value === '') return '';
  const parsed = mode === 'date' ? dayjs(value, VALUE.date, true) : dayjs(value);
  return parsed.isValid() ? parsed.format(TEXT[mode]) : value;
}

/** What was typed: a value for the form, or why it is none. */
export type ReadDate = { value: string; problem?: undefined } | { problem: string };

// Day, month and year with '-', '/' or '.' between them, or eight digits (a phone's number pad
// has no '-'); then, for a time, hours and minutes with ':' or '.', or four digits.
const DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$|^(\d{2})(\d{2})(\d{4})$/;
const TIME = /^(\d{1,2})[:.](\d{2})$|^(\d{2})(\d{2})$/;

const two = (digits: string | undefined) => (digits ?? '').padStart(2, '0');

/**
 * Reads typed text (DD-MM-YYYY, or DD-MM-YYYY HH:mm for `datetime`) into the form's value:
 * empty text is '' (the schema says whether one is required), a day or time that does not
 * exist (31-02, 24:00) or text of another form is a problem to show.
 */
export function readDateText(text: string, mode: DateMode): ReadDate {
  const trimmed = text.trim();
  if (trimmed === '') return { value: '' };
  // Twelve digits from a number pad: the day's eight, then the time's four.
  const spaced = mode === 'datetime' ? trimmed.replace(/^(\d{8})(\d{4})$/, '$1 $2') : trimmed;
  const [dayPart = '', timePart, ...rest] = spaced.split(/\s+/);
  const day = DAY.exec(dayPart);
  const time = timePart === undefined ? null : TIME.exec(timePart);
  const shaped = mode === 'date' ? timePart === undefined : time !== null && rest.length === 0;
  if (!day || !shaped) return { problem: dateFormatProblem(mode) };
  let canonical = `${two(day[1] ?? day[4])}-${two(day[2] ?? day[5])}-${day[3] ?? day[6] ?? ''}`;
  if (mode === 'datetime' && time) {
    canonical += ` ${two(time[1] ?? time[3])}:${time[2] ?? time[4] ?? ''}`;
  }
  const parsed = dayjs(canonical, TEXT[mode], true);
  if (!parsed.isValid()) return { problem: noSuchDate(canonical) };
  return { value: parsed.format(VALUE[mode]) };
}
