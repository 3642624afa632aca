import type { Translations } from './types.ts'

/**
 * English → Spanish (decision 074): the inspection texts several areas show, sent to every page —
 * the answers, the inspection's sections (dashboards), the vehicle tabs of the fleet and repair
 * pages (pre-inspections, inspections, repair actions, their info and print buttons), the
 * inspector's qualification (profile). The forms, the 48 items and the documents are in `inspections`.
 */
export default {
  // The answers and results
  Satisfactory: 'Satisfactorio',
  Unsatisfactory: 'Insatisfactorio',
  'Not applicable': 'No aplica',
  // The six sections of the mechanic's inspection
  Interior: 'Interior',
  Exterior: 'Exterior',
  Engine: 'Motor',
  Electrical: 'Sistema eléctrico',
  Brakes: 'Frenos',
  Chassis: 'Chasis',
  // The vehicle tabs (form-tabs.tsx) and their detail dialogs
  Status: 'Estado',
  Actions: 'Acciones',
  Date: 'Fecha',
  Driver: 'Conductor',
  Inspector: 'Inspector',
  'Inspection date': 'Fecha de inspección',
  Inspection: 'Inspección',
  Inspections: 'Inspecciones',
  'Pre-inspection': 'Inspección previa al viaje',
  'Pre inspections': 'Inspecciones previas al viaje',
  Annual: 'Anual',
  'The annual inspection (49 CFR 396.17)': 'La inspección anual (49 CFR 396.17)',
  'Annual inspection report, {label}': 'Reporte de inspección anual, {label}',
  'Annual inspection decal, {label}': 'Calcomanía de inspección anual, {label}',
  'No pre-inspections yet': 'Aún no hay inspecciones previas al viaje',
  'Drivers of the operating company file a pre-inspection before each trip; they will be listed here.':
    'Los conductores de la empresa operadora registran una inspección previa antes de cada viaje; aparecerán aquí.',
  'No inspections yet': 'Aún no hay inspecciones',
  'Periodic inspections filed by mechanics will be listed here.': 'Las inspecciones periódicas registradas por los mecánicos aparecerán aquí.',
  '{count, plural, one {An inspection awaits your review} other {# inspections await your review}}':
    '{count, plural, one {Una inspección espera su revisión} other {# inspecciones esperan su revisión}}',
  'Filed by a company with no relation to this vehicle: it changes nothing (odometer, next inspection) until you accept it. Open it to read it first.':
    'Registrada por una empresa sin relación con este vehículo: no cambia nada (odómetro, próxima inspección) hasta que usted la acepte. Ábrala para leerla primero.',
  'the inspection of {date} by {inspector}': 'la inspección del {date} hecha por {inspector}',
  'No repair actions': 'No hay acciones de reparación',
  'A pre-inspection with a defect creates a repair action; it will be listed here.':
    'Una inspección previa con un defecto crea una acción de reparación; aparecerá aquí.',
  'Repair actions': 'Acciones de reparación',
  'Repair identifier': 'Identificador de la reparación',
  'Created at': 'Creada el',
  'Repaired at': 'Reparada el',
  Comments: 'Comentarios',
  'Repair company': 'Taller de reparación',
  'Loading…': 'Cargando…',
  'Pre-inspection details, {label}': 'Detalles de la inspección previa, {label}',
  'Inspection details, {label}': 'Detalles de la inspección, {label}',
  'Print pre-inspection, {label}': 'Imprimir inspección previa, {label}',
  'Print inspection, {label}': 'Imprimir inspección, {label}',
  // The inspector's qualification (the profile shows it)
  'Inspector qualification': 'Calificación del inspector',
  'Printed on your annual inspection reports (49 CFR 396.19): your training or experience, e.g. "ASE Master Certified, 8 years; State of X certified inspector". At most 200 characters.':
    'Se imprime en sus reportes de inspección anual (49 CFR 396.19): su capacitación o experiencia, p. ej. "ASE Master Certified, 8 años; inspector certificado del estado de X". Máximo 200 caracteres.',
} satisfies Translations
