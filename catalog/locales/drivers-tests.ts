import type { Translations } from './types.ts'

/** English → Spanish (decision 074): the operator's driver records (issue 37, decision 086), drivers-tests. */
export default {
  // /driverFiles/{companyId}/{driverUserId}/tests
  'Drug and alcohol tests': 'Pruebas de drogas y alcohol',
  '{driver} · 49 CFR part 382': '{driver} · 49 CFR parte 382',
  '49 CFR part 382': '49 CFR parte 382',
  'Driver file': 'Expediente del conductor',
  'Negative results are kept {negative} months, positive results and refusals {positive} months, from the test’s date. Only the company’s managers and the driver see these records.':
    'Los resultados negativos se conservan {negative} meses, y los positivos y las negativas a realizar la prueba {positive} meses, desde la fecha de la prueba. Solo los gerentes de la empresa y el conductor ven estos registros.',
  'Your tests, as your company recorded them. Ask a manager to correct a record.': 'Sus pruebas, tal como las registró su empresa. Pida a un gerente que corrija un registro.',
  Tests: 'Pruebas',
  'No tests recorded yet.': 'Aún no hay pruebas registradas.',
  'Record a test': 'Registrar una prueba',
  'Record the test': 'Registrar la prueba',
  'Reason for the test': 'Motivo de la prueba',
  'Choose a reason': 'Elija un motivo',
  Substance: 'Sustancia',
  'Choose drug or alcohol': 'Elija drogas o alcohol',
  'Test date': 'Fecha de la prueba',
  Result: 'Resultado',
  'Choose a result': 'Elija un resultado',
  'Collection site': 'Lugar de recolección',
  Note: 'Nota',
  'Document (optional)': 'Documento (opcional)',
  'Replace the document': 'Reemplazar el documento',
  'The lab result or the custody and control form: PDF, picture or office file, at most 5 MB.':
    'El resultado del laboratorio o el formulario de custodia y control: PDF, imagen o archivo de oficina, de 5 MB como máximo.',
  'Kept until': 'Se conserva hasta',
  'Change this test': 'Cambiar esta prueba',
  'Remove the document': 'Quitar el documento',
  'Save the test': 'Guardar la prueba',
  'Delete the test': 'Eliminar la prueba',
  'The document could not be uploaded: {reason}': 'No se pudo subir el documento: {reason}',
} satisfies Translations
