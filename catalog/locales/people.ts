import type { Translations } from './types.ts'

/** English → Spanish (decision 074): employees, users (join) requests, company settings. */
export default {
  // Employees
  Employees: 'Empleados',
  'Drivers, mechanics and operators of your company.': 'Conductores, mecánicos y operadores de su empresa.',
  'Mechanics and repair shop managers of your company.': 'Mecánicos y gerentes de taller de su empresa.',
  'Personal identifier': 'Identificador personal',
  Birthdate: 'Fecha de nacimiento',
  'Roles of {name}': 'Roles de {name}',
  '{role} role of {name}': 'Rol de {role} de {name}',
  '{role} (inactive)': '{role} (inactivo)',
  'No active role': 'Sin rol activo',
  'Activate {role} role': 'Activar el rol de {role}',
  'Deactivate {role} role': 'Desactivar el rol de {role}',
  Activate: 'Activar',
  Deactivate: 'Desactivar',
  'Are you sure you want to change the status of this role for this user?': '¿Está seguro de que desea cambiar el estado de este rol para este usuario?',
  'Employees pages': 'Páginas de empleados',
  employees: 'empleados',
  'No employees yet': 'Todavía no hay empleados',
  'Share your company code with your drivers and mechanics: they type it when they register or in My Profile to ask to join. When you accept a request, they appear here.':
    'Comparta el código de su empresa con sus conductores y mecánicos: lo escriben al registrarse o en Mi perfil para pedir unirse. Cuando usted acepta una solicitud, aparecen aquí.',
  'Updated successfully': 'Actualizado correctamente',
  'Error updating the role, please try again': 'Error al actualizar el rol; inténtelo de nuevo',
  'CompanyId required': 'Se requiere el CompanyId',
  // Users (join) requests
  'Users requests': 'Solicitudes de usuarios',
  'Owner users requests': 'Solicitudes de usuarios propietarios',
  'Drivers and operators asking to join your company.': 'Conductores y operadores que piden unirse a su empresa.',
  'Mechanics and repair shop managers asking to join your company.': 'Mecánicos y gerentes de taller que piden unirse a su empresa.',
  'People asking to join this company as owners.': 'Personas que piden unirse a esta empresa como propietarios.',
  'Accept request': 'Aceptar solicitud',
  'Reject request': 'Rechazar solicitud',
  'Accept {name}': 'Aceptar a {name}',
  'Reject {name}': 'Rechazar a {name}',
  'Are you sure you want to accept this user?': '¿Está seguro de que desea aceptar a este usuario?',
  'Are you sure you want to reject this user?': '¿Está seguro de que desea rechazar a este usuario?',
  'No requests yet': 'Todavía no hay solicitudes',
  'Share your company code: people who ask to join with it appear here for you to accept or reject.':
    'Comparta el código de su empresa: las personas que pidan unirse con él aparecen aquí para que usted las acepte o rechace.',
  'User accepted successfully': 'Usuario aceptado correctamente',
  'User rejected successfully': 'Usuario rechazado correctamente',
  'User was already in the company': 'El usuario ya estaba en la empresa',
  'Error accepting user': 'Error al aceptar al usuario',
  // Company settings
  'Company settings': 'Configuración de la empresa',
  'Company settings saved': 'Configuración de la empresa guardada',
  'Company details': 'Datos de la empresa',
  'Company name': 'Nombre de la empresa',
  'Time zone': 'Zona horaria',
  'Dates and expiry alerts are counted in this time zone.': 'Las fechas y las alertas de vencimiento se cuentan en esta zona horaria.',
  Address: 'Dirección',
  'Postal address, one line per line (at most {lines} lines, {characters} characters). It is printed on leases and inspection decals.':
    'Dirección postal, un renglón por línea (como máximo {lines} líneas y {characters} caracteres). Se imprime en los contratos de arrendamiento y en las calcomanías de inspección.',
  'Repair shop (company code)': 'Taller de reparación (código de empresa)',
  'e.g. RSH-7H2K9Q': 'p. ej. RSH-7H2K9Q',
  'Current repair shop: {name} ({code}). Repair actions from defective pre-inspections go there. Leave empty to have none.':
    'Taller actual: {name} ({code}). Las reparaciones de las inspecciones previas con defectos van allí. Déjelo vacío para no tener ninguno.',
  'No repair shop chosen yet. Enter the company code of the repair shop that should receive your repair actions.':
    'Todavía no ha elegido un taller. Ingrese el código de empresa del taller que debe recibir sus reparaciones.',
  'Record retention': 'Conservación de registros',
  '— how long pre-trips, inspections, repairs and leases are kept (never below the legal minimum).':
    '— cuánto tiempo se conservan las inspecciones previas al viaje, las inspecciones, las reparaciones y los arrendamientos (nunca menos del mínimo legal).',
  'Choose a time zone from the list (e.g. America/Chicago)': 'Elija una zona horaria de la lista (p. ej. America/Chicago)',
} satisfies Translations
