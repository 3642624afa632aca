import type { Translations } from './types.ts'

/** English → Spanish (decision 074): preventive maintenance (issue 35, decision 084), meters. */
export default {
  'Pre-trip': 'Inspección previa al viaje',
  'Inspection': 'Inspección',
  'Owner entry': 'Registro del propietario',
  'Correction': 'Corrección',
  'Engine replaced': 'Motor reemplazado',
  'Engine hours are a number from 0 to {max} with at most one decimal': 'Las horas de motor son un número de 0 a {max} con un decimal como máximo',
  'Engine hours cannot go back: the latest reading of this vehicle is {latest}. If the hour meter was misread or the engine replaced, the owner can record a correction.': 'Las horas de motor no pueden retroceder: la última lectura de este vehículo es {latest}. Si el horómetro se leyó mal o se reemplazó el motor, el propietario puede registrar una corrección.',
  'Enter the engine hours': 'Ingrese las horas de motor',
  'Give the reason for the correction (for example "engine replaced")': 'Indique el motivo de la corrección (por ejemplo, "motor reemplazado")',
} satisfies Translations
