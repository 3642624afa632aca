import type { Translations } from './types.ts'

/** English → Spanish (decision 074): "Vehicle repairs" (the repair shop's page). */
export default {
  'Repair actions sent to this shop. Mark each task completed; when all are completed the repair is certified as Repaired with your name.':
    'Acciones de reparación enviadas a este taller. Marque cada tarea como completada; cuando todas estén completadas, la reparación queda certificada como Reparada con su nombre.',
  'Filter by status': 'Filtrar por estado',
  All: 'Todas',
  'Repair action pages': 'Páginas de acciones de reparación',
  'repair actions': 'acciones de reparación',
  Tasks: 'Tareas',
  'Tasks of {code}': 'Tareas de {code}',
  'No tasks.': 'Sin tareas.',
  Vehicle: 'Vehículo',
  'Vehicle identifier': 'Identificador del vehículo',
  Odometer: 'Odómetro',
  'General comments': 'Comentarios generales',
  'Repair code': 'Código de reparación',
  'Hide the tasks of {code}': 'Ocultar las tareas de {code}',
  'Show the tasks of {code}': 'Mostrar las tareas de {code}',
  '{done} / {total} completed': '{done} / {total} completadas',
  'Repaired on {date} by {name}': 'Reparada el {date} por {name}',
  'Created {date}': 'Creada el {date}',
  '{action}: {task}': '{action}: {task}',
  'Emergency-exit check details, {code}': 'Detalles de la revisión de salidas de emergencia, {code}',
  // catalog/texts.ts REPAIR_TEXT shown in the page (the same Spanish as the server's)
  'Mark completed': 'Marcar como completada',
  'Mark pending': 'Marcar como pendiente',
  'When a driver reports a defect on a vehicle whose owner chose this shop, its repair action appears here.':
    'Cuando un conductor reporte un defecto en un vehículo cuyo propietario eligió este taller, su acción de reparación aparecerá aquí.',
  // "Send to repair shop" (issue 35, decision 084)
  'Scheduled maintenance': 'Mantenimiento programado',
  'The last task of scheduled maintenance: the readings now (blank: the latest recorded)': 'La última tarea del mantenimiento programado: las lecturas ahora (en blanco: la última registrada)',
  'Odometer now': 'Odómetro ahora',
  'Engine hours now': 'Horas de motor ahora',
  'Work checklist': 'Lista de trabajo',
} satisfies Translations
