import type { Translations } from './types.ts'

/** English → Spanish (decision 074): running costs (issue 36, decision 085), the fuel card import. */
export default {
  'Import a fuel card file': 'Importar un archivo de tarjeta de combustible',
  'Fuel card import preview': 'Vista previa de la importación de la tarjeta de combustible',
  "Add a month of fill-ups and charges at once from your fuel card's export: one row per fill-up.":
    'Agregue de una vez un mes de cargas de combustible y de energía desde la exportación de su tarjeta de combustible: una fila por carga.',
  'Back to the fuel log': 'Volver al registro de combustible',
  '1. Export the file from your fuel card': '1. Exporte el archivo de su tarjeta de combustible',
  'Columns are found by their names, as card exports write them: date (and time), card number, plate or bus identifier, odometer, quantity, unit (gal, L or kWh; the bus’s unit when missing), total, station, full (yes or no; yes when missing). Other columns are ignored.':
    'Las columnas se reconocen por su nombre, como las escriben las exportaciones de tarjetas: fecha (y hora), número de tarjeta, placa o identificador del autobús, odómetro, cantidad, unidad (gal, L o kWh; la unidad del autobús si falta), total, estación, lleno (sí o no; sí si falta). Las demás columnas se ignoran.',
  'Each row is matched to a bus by its fuel card, its plate or its identifier. Dates as YYYY-MM-DD or MM/DD/YYYY; without a time, noon.':
    'Cada fila se asocia a un autobús por su tarjeta de combustible, su placa o su identificador. Fechas como AAAA-MM-DD o MM/DD/AAAA; sin hora, el mediodía.',
  'Comma or semicolon separated, UTF-8, at most {rows} rows and {mb} MB (a month of a 200-bus fleet).':
    'Separado por comas o punto y coma, UTF-8, como máximo {rows} filas y {mb} MB (un mes de una flota de 200 autobuses).',
  'Nothing is recorded yet: the next page shows each row’s bus and any problems. At most {n} uploads may wait to be imported.':
    'Todavía no se registra nada: la página siguiente muestra el autobús de cada fila y sus problemas. Como máximo {n} archivos pueden esperar a ser importados.',
  '{n} fill-ups imported': '{n} cargas importadas',
  Read: 'Leído',
  'This file has already been imported: {n} fill-ups.': 'Este archivo ya fue importado: {n} cargas.',
  '{n} rows had become invalid since the preview and were skipped.': '{n} filas dejaron de ser válidas después de la vista previa y se omitieron.',
  'Columns not read: {names}': 'Columnas no leídas: {names}',
  'Fill-ups to import ({n}), {total} in all': 'Cargas por importar ({n}), {total} en total',
  'Fill-ups to import': 'Cargas por importar',
  Bus: 'Autobús',
  Odometer: 'Odómetro',
  Quantity: 'Cantidad',
  Total: 'Total',
  Station: 'Estación',
  partial: 'parcial',
  'The first {n} are shown.': 'Se muestran las primeras {n}.',
  'Import {n} fill-ups': 'Importar {n} cargas',
  'Discard this upload': 'Descartar este archivo',
} satisfies Translations
