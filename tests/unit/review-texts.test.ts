/**
 * The owner's review of an inspection (decision 062) refuses a second review with a sentence a
 * person reads on the fleet page: the same English as before for REST (it named the state in
 * lower case), and Spanish on Spanish pages (issue 39 point 4).
 */
import { describe, expect, it } from 'vitest'
import { REVIEW_TEXT } from '#server/inspections/review-inspection.server.ts'
import { translator } from '#server/i18n/messages.server.ts'

describe('the "already reviewed" refusal', () => {
  it('keeps its English and reads in Spanish', () => {
    expect(REVIEW_TEXT.notPending('Rejected')).toBe('This inspection was already reviewed (rejected by the owner)')
    expect(REVIEW_TEXT.notPending('Accepted')).toBe('This inspection was already reviewed (accepted by the owner)')
    const es = translator('es')
    expect(es(REVIEW_TEXT.notPending('Rejected'))).toBe('Esta inspección ya fue revisada (rechazada por el propietario)')
    expect(es(REVIEW_TEXT.notPending('Accepted'))).toBe('Esta inspección ya fue revisada (aceptada por el propietario)')
    expect(es(REVIEW_TEXT.notPending('Applied'))).toMatch(/^Esta inspección la registró/)
  })
})
