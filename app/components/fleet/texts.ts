/** The fleet pages' texts (spec sections 2, 4 and 8), shared by the components and their loaders and actions. */
import { msg } from '#catalog/i18n.ts'

/** The spec's texts (sections 2, 4 and 8), verbatim. */
export const FLEET_TEXT = {
  title: msg('Vehicle Management'),
  addVehicle: msg('Add Vehicle'),
  added: msg('Vehicle added successfully'),
  addFailed: msg('Error adding new vehicle'),
  updated: msg('Vehicle updated successfully'),
  updateFailed: msg('Error updating vehicle'),
  deleted: msg('Vehicle deleted successfully'),
  deleteFailed: msg('Error deleting vehicle'),
  confirmDelete: msg('Are you sure you want to delete this vehicle?'),
  confirmClose: msg('Are you sure you want to close?'),
  unsavedLost: msg('The data you entered has not been saved and will be lost.'),
  vinNotFound: msg('Vehicle not found'),
  scanQr: msg('Scan QR code'),
  printQr: msg('Print QR'),
  vehicleNotLoaded: msg('Vehicle data has not been loaded.'),
  readOnly: msg('Operators see the fleet read-only.'),
} as const
