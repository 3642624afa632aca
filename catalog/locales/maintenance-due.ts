import type { Translations } from './types.ts'

/** English → Spanish (decision 074): preventive maintenance (issue 35, decision 084), maintenance-due. */
export default {
  // The due list (/maintenance/{companyId}); "Bus", "Task", "State", "Last service", "Next due",
  // "Projected", "{n} h" and "At the repair shop" are in maintenance-service.ts (same namespace).
  'Every bus × service task of {company}, with the 90-day emergency exit checks and annual inspections.':
    'Cada autobús × tarea de servicio de {company}, con las revisiones de 90 días de las salidas de emergencia y las inspecciones anuales.',
  'The buses assigned to {company} today, read-only.': 'Los autobuses asignados a {company} hoy, solo lectura.',
  'Edit service programs': 'Editar los programas de servicio',
  'Export CSV': 'Exportar CSV',
  'Items per state': 'Elementos por estado',
  'Filter the due list': 'Filtrar la lista de vencimientos',
  Program: 'Programa',
  'All programs': 'Todos los programas',
  'All tasks': 'Todas las tareas',
  Tag: 'Etiqueta',
  'Make, model, plate…': 'Marca, modelo, placa…',
  'Sort by': 'Ordenar por',
  'Most urgent first': 'Lo más urgente primero',
  'Projected date': 'Fecha proyectada',
  Order: 'Orden',
  Ascending: 'Ascendente',
  Descending: 'Descendente',
  'Clear filters': 'Borrar filtros',
  'No items match these filters': 'Ningún elemento coincide con estos filtros',
  'Nothing to maintain yet': 'Aún no hay nada que mantener',
  'Service programs and the buses they apply to fill this list.': 'Los programas de servicio y los autobuses a los que se aplican llenan esta lista.',
  'Due list pages': 'Páginas de la lista de vencimientos',
  'due items': 'elementos por vencer',
  OK: 'OK',
  '{miles} mi': '{miles} mi',
  'Built-in': 'Incorporado',
  Never: 'Nunca',
  // The built-in items (server/alerts/due-items.server.ts).
  '90-day emergency exit check': 'Revisión de 90 días de las salidas de emergencia',
  'Annual inspection': 'Inspección anual',
} satisfies Translations
