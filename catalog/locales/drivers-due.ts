import type { Translations } from './types.ts'

/** English → Spanish (decision 074): the operator's driver records (issue 37, decision 086), drivers-due. */
export default {
  // Due items, expired means visible
  'Driver’s license': 'Licencia de conducir',
  'License expired': 'Licencia vencida',
  'Medical certificate expired': 'Certificado médico vencido',
  'All driver files': 'Todos los expedientes de conductores',
  'Nothing is overdue or due within 30 days.': 'Nada está vencido ni vence dentro de 30 días.',
  'No expiry date': 'Sin fecha de vencimiento',
  'Show all {count}': 'Mostrar los {count}',
  'My driver records': 'Mis registros de conductor',
  'My duty status': 'Mi estado de servicio',
  'My driver file': 'Mi expediente de conductor',
  'Your driver’s license expires on {date}': 'Su licencia de conducir vence el {date}',
  'Your medical certificate expires on {date}': 'Su certificado médico vence el {date}',
  // Company settings: drivers
  'Drivers': 'Conductores',
  'Pre-trip by a driver whose license or medical certificate has expired': 'Inspección previa al viaje de un conductor con la licencia o el certificado médico vencidos',
  'Refused: the driver sees why and cannot file the pre-trip until it is renewed.': 'Rechazar: el conductor ve el motivo y no puede registrar la inspección previa al viaje hasta renovarlo.',
  'Hours-of-service cycle': 'Ciclo de horas de servicio',
  '70 hours in 8 days only when the company runs buses every day of the week.': '70 horas en 8 días solo si la empresa opera autobuses todos los días de la semana.',
} satisfies Translations
