import type { Translations } from './types.ts'

/** English → Spanish (decision 074): running costs (issue 36, decision 085), cost per mile, dashboards, the Costs tab, the CSV. */
export default {
  // The page /costs/{companyId}
  'Cost per mile': 'Costo por milla',
  Total: 'Total',
  Miles: 'Millas',
  Repairs: 'Reparaciones',
  Services: 'Servicios',
  'Fuel and energy': 'Combustible y energía',
  Bus: 'Autobús',
  'No miles this month': 'Sin millas este mes',
  'The costs charged to {company}, with the miles of those buses, per month.': 'Los costos cargados a {company}, con las millas de esos autobuses, por mes.',
  'What each bus of {company} cost to run per mile: repairs, services, fuel and energy over the miles driven that month.':
    'Lo que costó operar cada autobús de {company} por milla: reparaciones, servicios, combustible y energía sobre las millas recorridas ese mes.',
  'Export CSV': 'Exportar CSV',
  '12 months to {month} (CSV)': '12 meses hasta {month} (CSV)',
  'Previous month': 'Mes anterior',
  'Next month': 'Mes siguiente',
  'Choose a month': 'Elegir un mes',
  Month: 'Mes',
  'Sort by': 'Ordenar por',
  Order: 'Orden',
  Descending: 'Descendente',
  Ascending: 'Ascendente',
  Show: 'Mostrar',
  '{month}: totals': '{month}: totales',
  'Totals per payer': 'Totales por pagador',
  'Paid by': 'Pagado por',
  'All payers': 'Todos los pagadores',
  'Per bus': 'Por autobús',
  'No costs or miles this month': 'Sin costos ni millas este mes',
  'Repairs, services, fuel records and odometer readings fill this page.': 'Las reparaciones, los servicios, los registros de combustible y las lecturas del odómetro llenan esta página.',
  'Cost pages': 'Páginas de costos',
  buses: 'autobuses',
  // The fleet panel's Costs tab
  'Costs per month': 'Costos por mes',
  '{n} months': '{n} meses',
  'No costs or miles recorded for this bus in the last 60 months': 'No hay costos ni millas registrados para este autobús en los últimos 60 meses',
  'Cost per mile by bus': 'Costo por milla por autobús',
} satisfies Translations
