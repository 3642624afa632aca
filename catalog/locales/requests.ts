import type { Translations } from './types.ts'

/** English → Spanish (decision 074): vehicle requests (operator's "Request vehicle", owner's pending requests). */
export default {
  'Request vehicle': 'Solicitar vehículo',
  "Your company's requests to operate owners' vehicles.": 'Las solicitudes de su empresa para operar vehículos de propietarios.',
  'Create request': 'Crear solicitud',
  'Add vehicle request': 'Agregar solicitud de vehículo',
  'Ask the owner of a vehicle to let your company operate it. Leave the end date empty for an open-ended request.':
    'Pida al propietario de un vehículo que permita a su empresa operarlo. Deje vacía la fecha de fin para una solicitud sin fecha de término.',
  'Send request': 'Enviar solicitud',
  'Vehicle identifier': 'Identificador del vehículo',
  'e.g. BUS-0001': 'p. ej. BUS-0001',
  'Start date': 'Fecha de inicio',
  'End date': 'Fecha de fin',
  '(optional)': '(opcional)',
  'Leave empty for an open-ended request.': 'Déjela vacía para una solicitud sin fecha de término.',
  'Warning:': 'Advertencia:',
  'This vehicle is already assigned for part of these dates ({spans}). You can still send the request; the owner decides.':
    'Este vehículo ya está asignado durante parte de estas fechas ({spans}). Aún puede enviar la solicitud; el propietario decide.',
  'open-ended': 'sin fecha de término',
  'Open-ended': 'Sin fecha de término',
  'Vehicle request sent.': 'Solicitud de vehículo enviada.',
  'No vehicle requests yet': 'Todavía no hay solicitudes de vehículos',
  "Use Create request to ask an owner for one of their vehicles by its vehicle identifier. Your requests and the owners' answers appear here.":
    'Use Crear solicitud para pedir a un propietario uno de sus vehículos por su identificador. Sus solicitudes y las respuestas de los propietarios aparecen aquí.',
  'Vehicle requests': 'Solicitudes de vehículos',
  'Owner company': 'Empresa propietaria',
  'Operator company': 'Empresa operadora',
  'Requested at': 'Solicitada el',
  'Lease: {state}': 'Arrendamiento: {state}',
  'Cancel request': 'Cancelar solicitud',
  'Cancel request for {vehicle}': 'Cancelar la solicitud de {vehicle}',
  'Keep request': 'Conservar solicitud',
  'Are you sure you want to cancel this request?': '¿Está seguro de que desea cancelar esta solicitud?',
  // The owner's page
  'Pending Vehicle Requests': 'Solicitudes de vehículos pendientes',
  'Operators asking to operate your vehicles. Accepting assigns the vehicle to the operator for the dates asked.':
    'Operadores que piden operar sus vehículos. Al aceptar, el vehículo se asigna al operador para las fechas solicitadas.',
  'No pending vehicle requests': 'No hay solicitudes de vehículos pendientes',
  'Operators ask to operate your vehicles by their vehicle identifier. Their requests appear here for you to accept or reject.':
    'Los operadores piden operar sus vehículos por su identificador. Sus solicitudes aparecen aquí para que usted las acepte o rechace.',
  'Accept request for {vehicle} from {company}': 'Aceptar la solicitud de {vehicle} de {company}',
  'Reject request for {vehicle} from {company}': 'Rechazar la solicitud de {vehicle} de {company}',
  'Are you sure you want to accept this request?': '¿Está seguro de que desea aceptar esta solicitud?',
  'Are you sure you want to reject this request?': '¿Está seguro de que desea rechazar esta solicitud?',
  'Answered vehicle requests': 'Solicitudes de vehículos respondidas',
  'No answered requests yet': 'Todavía no hay solicitudes respondidas',
  'Requests you accept or reject, and those the operators cancel, are kept here.':
    'Aquí se guardan las solicitudes que usted acepta o rechaza y las que cancelan los operadores.',
  // The form's rules, shown in the browser too (same Spanish as the server's catalog).
  'All fields except the end date are required.': 'Todos los campos excepto la fecha de fin son obligatorios.',
  'Start date cannot be before today.': 'La fecha de inicio no puede ser anterior a hoy.',
  'End date cannot be before start date.': 'La fecha de fin no puede ser anterior a la fecha de inicio.',
  'The vehicle does not exist or there is already a request for that vehicle.': 'El vehículo no existe o ya hay una solicitud para ese vehículo.',
  'Use the format YYYY-MM-DD': 'Use el formato AAAA-MM-DD',
  'At most 40 characters': 'Como máximo 40 caracteres',
} satisfies Translations
