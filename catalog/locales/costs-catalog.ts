import type { Translations } from './types.ts'

/** English → Spanish (decision 074): running costs (issue 36, decision 085), the catalogue of catalog/costs.ts. */
export default {
  'Parts': 'Repuestos',
  'Labour': 'Mano de obra',
  'Outside work': 'Trabajo externo',
  'Tax': 'Impuesto',
  'Owner': 'Propietario',
  'Operator': 'Operador',
  'The owner pays every repair': 'El propietario paga todas las reparaciones',
  'The operator pays for defects found on its pre-trips': 'El operador paga los defectos encontrados en sus inspecciones previas al viaje',
  'The operator holding the bus pays every repair': 'El operador que tiene el autobús paga todas las reparaciones',
  'gallons': 'galones',
  'litres': 'litros',
  'kWh': 'kWh',
  'Driver': 'Conductor',
  'Entered by hand': 'Ingresado a mano',
  'Fuel card import': 'Importación de tarjeta de combustible',
  'More than the tank or battery holds': 'Más de lo que cabe en el tanque o la batería',
  'Efficiency far outside this bus’s own range': 'Rendimiento muy fuera del rango propio de este autobús',
} satisfies Translations
