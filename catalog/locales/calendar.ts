import type { Translations } from './types.ts'

/** English → Spanish (decision 074): preventive maintenance (issue 35, decision 084), calendar. */
export default {
  // The calendar feed's events (server/calendar/calendar-feeds.server.ts), in the person's language
  'Operon: maintenance and leases': 'Operon: mantenimiento y arrendamientos',
  '{vehicle}: {task} due': '{vehicle}: vence {task}',
  '{vehicle}: {task} overdue': '{vehicle}: venció {task}',
  'Service program: {program}': 'Programa de servicio: {program}',
  'Due at {odometer} miles on the odometer': 'Vence a las {odometer} millas del odómetro',
  'Due at {hours} engine hours': 'Vence a las {hours} horas de motor',
  'The date is projected from the bus’s recent readings.': 'La fecha se proyecta a partir de las lecturas recientes del autobús.',
  'Already sent to the repair shop.': 'Ya enviado al taller.',
  '{vehicle}: lease with {company} ends': '{vehicle}: termina el arrendamiento con {company}',
  'Last day of the lease agreement no. {id}.': 'Último día del contrato de arrendamiento n.º {id}.',
  // The person's account activity (catalog/audit-actions.ts)
  'Made a new calendar feed link': 'Creó un nuevo enlace del calendario',
  'Revoked the calendar feed link': 'Revocó el enlace del calendario',
} satisfies Translations
