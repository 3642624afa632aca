import type { Translations } from './types.ts'

/**
 * English → Spanish (decision 074): the people area's labels that pages of several areas show
 * (the company code card on the dashboards, the profile fields on /completeProfile, the table
 * and button words every area uses).
 */
export default {
  // The company code card (dashboards, employees, users requests, settings).
  'Company code': 'Código de empresa',
  'Copy company code': 'Copiar código de empresa',
  'Could not create the QR PDF, please try again': 'No se pudo crear el PDF del código QR; inténtelo de nuevo',
  'Preparing PDF…': 'Preparando el PDF…',
  'Print QR': 'Imprimir QR',
  'QR code of the company code {code}': 'Código QR del código de empresa {code}',
  'Share it: new staff join with this code.': 'Compártalo: el personal nuevo se une con este código.',
  // The profile fields (/profile and /completeProfile).
  'First name': 'Nombre',
  'Last name': 'Apellido',
  'Date of birth': 'Fecha de nacimiento',
  Gender: 'Género',
  Country: 'País',
  State: 'Estado',
  'US only: leave empty for other countries.': 'Solo EE. UU.: déjelo vacío para otros países.',
  'Choose a state': 'Elija un estado',
  'Phone number': 'Número de teléfono',
  'Digits, spaces or + - ( )': 'Dígitos, espacios o + - ( )',
  // Words of tables and buttons on every area's pages.
  Accept: 'Aceptar',
  Reject: 'Rechazar',
  Cancel: 'Cancelar',
  Save: 'Guardar',
  'Saving…': 'Guardando…',
  Name: 'Nombre',
  Role: 'Rol',
  Roles: 'Roles',
  Date: 'Fecha',
  Status: 'Estado',
  Email: 'Correo electrónico',
  Phone: 'Teléfono',
  Active: 'Activo',
  Inactive: 'Inactivo',
  Actions: 'Acciones',
} satisfies Translations
