/** Reading plain values from submitted forms and URLs (browser-safe). */

/** A form field's text ('' when absent or a file). */
export function text(form: FormData, name: string): string {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

/** A positive whole number (an id, a page) or null: ids in forms and URLs are never trusted. */
export function positiveInt(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
